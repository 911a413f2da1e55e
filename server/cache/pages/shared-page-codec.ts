import { z } from 'zod'
import type { GzipSegments } from './body/gzip-segments.ts'
import type { CachedPage } from './cached-page.ts'
import { packTogether, type PageBody } from './body/page-body.ts'
import type { Used } from './read-render.ts'
import { storedPolicySchema } from './stored-policy.ts'

/**
 * How a rendered page travels through the shared store: compressed, as visitors get it. A page is
 * 50–110 KiB of markup but 10–20 KiB of brotli or gzip blocks, and the reading instance takes the
 * body as it is instead of compressing it again. Layout: `tsp1`, the length of a JSON head (4 bytes,
 * big-endian), the head (the page's fields and policy, what it was built from, and how its body is cut), then
 * the body's bytes.
 */
const MAGIC = Buffer.from('tsp1', 'latin1')

/**
 * What a kept page holds beside its body, as cached-page.ts counts it (PAGE_OVERHEAD_BYTES there):
 * a page read from the shared store is counted the same way as one rendered here.
 */
const PAGE_OVERHEAD_BYTES = 4096

/** The page's brotli (with the nonce of the render it was made from, if any), else its gzip blocks. */
const bodyHeadSchema = z.union([
  z.object({ br: z.number().int().nonnegative(), nonce: z.string().min(1).max(256).optional() }),
  z.object({
    blocks: z.array(z.number().int().nonnegative()).min(1),
    crcs: z.array(z.number().int()),
    lengths: z.array(z.number().int().nonnegative()),
    level: z.number().int().min(0).max(9),
  }),
])

const headSchema = z.object({
  status: z.number().int().min(100).max(599),
  headers: z.array(z.tuple([z.string(), z.string()])),
  /** Required: a page an earlier build stored without its policy is read as a miss. */
  policy: storedPolicySchema,
  storedAt: z.number(),
  routeName: z.string(),
  digest: z.string().optional(),
  etag: z.string().regex(/^(?:W\/)?"[\x21\x23-\x7e]*"$/),
  uses: z.object({ keys: z.array(z.tuple([z.string(), z.array(z.string())])), tags: z.array(z.string()) }),
  /** The build that rendered it (manifest.ts buildIdOf): the scripts and stylesheets it names are that build's. */
  build: z.string().max(64).optional(),
  body: bodyHeadSchema,
})

/** A page as the shared store holds it: what it was built from, and the build that rendered it (unknown for an earlier version's). */
export interface SharedPage {
  page: CachedPage
  uses: Used
  build?: string | undefined
}

/** The bytes the shared store keeps for `page`, rendered by `build`. */
export function encodeSharedPage(page: CachedPage, uses: Used, build?: string): Buffer {
  const { body } = page
  const parts: Buffer[] = []
  let bodyHead: z.infer<typeof bodyHeadSchema>
  if (body.br !== null) {
    parts.push(body.br)
    bodyHead = { br: body.br.length, ...(body.renderedNonce !== undefined ? { nonce: body.renderedNonce } : {}) }
  } else if (body.gzip !== null) {
    parts.push(...body.gzip.blocks)
    bodyHead = {
      blocks: body.gzip.blocks.map((block) => block.length),
      crcs: body.gzip.crcs,
      lengths: body.gzip.lengths,
      level: body.gzip.level,
    }
  } else throw new Error('a stored page without a body')
  const { status, headers, policy, storedAt, routeName, digest, etag } = page
  const head = Buffer.from(
    JSON.stringify({ status, headers, policy, storedAt, routeName, digest, etag, uses, build, body: bodyHead }),
    'utf8',
  )
  const length = Buffer.alloc(4)
  length.writeUInt32BE(head.length)
  return Buffer.concat([MAGIC, length, head, ...parts])
}

/** Whether `bytes` are in this layout (anything else is an older instance's JSON, or junk). */
export function isSharedPage(bytes: Buffer): boolean {
  return bytes.length >= 8 && bytes.subarray(0, 4).equals(MAGIC)
}

/** The page in `bytes` with what it was built from and by which build, or undefined when they are not one whole page. */
export function decodeSharedPage(bytes: Buffer): SharedPage | undefined {
  if (!isSharedPage(bytes)) return undefined
  const headLength = bytes.readUInt32BE(4)
  if (8 + headLength > bytes.length) return undefined
  const parsed = headSchema.safeParse(parseJson(bytes.subarray(8, 8 + headLength).toString('utf8')))
  if (!parsed.success) return undefined
  const { body: bodyHead, uses, build, ...fields } = parsed.data
  const rest = bytes.subarray(8 + headLength)
  const body = toBody(bodyHead, rest)
  if (body === undefined) return undefined
  let size = PAGE_OVERHEAD_BYTES
  for (const [name, value] of fields.headers) size += name.length + value.length
  const { digest, ...page } = fields
  return { page: { ...page, body, size, ...(digest !== undefined ? { digest } : {}) }, uses, build }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function toBody(head: z.infer<typeof bodyHeadSchema>, rest: Buffer): PageBody | undefined {
  if ('br' in head) {
    if (head.br !== rest.length) return undefined
    const [br = rest] = packTogether([rest])
    return { br, renderedNonce: head.nonce, gzip: null }
  }
  const count = head.blocks.length
  if (head.crcs.length !== count || head.lengths.length !== count) return undefined
  if (head.blocks.reduce((sum, length) => sum + length, 0) !== rest.length) return undefined
  const views: Buffer[] = []
  let offset = 0
  for (const length of head.blocks) {
    views.push(rest.subarray(offset, offset + length))
    offset += length
  }
  const gzip: GzipSegments = {
    blocks: packTogether(views),
    crcs: head.crcs,
    lengths: head.lengths,
    crcOfFill: undefined,
    spare: undefined,
    level: head.level,
    served: 0,
    improved: undefined,
    pack: packTogether,
  }
  return { br: null, renderedNonce: undefined, gzip }
}
