import { type AnswerPolicy, cachingHeaders } from '../http/answer-policy.ts'
import { notModifiedHeaders } from '../http/conditional-request.ts'
import { type AgedValue, agedValueOf, staleCdnCacheControl } from '../http/shared-lifetimes.ts'
import { staleCopyCacheControl } from '../http/stale-copy-cache-control.ts'
import { type AnswerWriting, namesNonce, scriptPolicyLine, varyLine } from './policy-lines.ts'

/** What a kept page's header block is made from: its status, own headers, policy and entity tag. */
interface PageHeaderSource {
  status: number
  headers: readonly (readonly [string, string])[]
  policy: AnswerPolicy
  etag: string
}

/** Headers the page's policy writes (answer-writer.ts's functions): never taken from its header list. */
const FROM_POLICY = new Set([
  'cache-control',
  'cdn-cache-control',
  'cache-tag',
  'surrogate-key',
  'etag',
  'vary',
  'content-security-policy',
])

/**
 * Headers that belong to one answer, never to the page: written per answer (`perAnswer`), and left
 * out of the block should a page carry one of them.
 */
const PER_ANSWER = new Set([
  'x-request-id',
  'age',
  'cache-status',
  'content-encoding',
  'content-length',
  'server-timing',
])

/** One answer's header block, flat (`[name, value, name, value, …]`, the form `writeHead` takes). */
type Flat = readonly string[]

/**
 * The headers every answer made from one kept page shares, decided once for the page rather than
 * per answer: the security headers, the page's own (its type), what its policy writes (Cache-Control,
 * CDN lifetimes and tags, `Vary` with Accept-Encoding, a script policy without a nonce) and its ETag,
 * for a fresh and for a stale copy, and what a 304 keeps of each. Only `answerHeaders`'s are made per answer.
 */
export interface PreparedHeaders {
  fresh: Flat
  stale: Flat
  notModifiedFresh: Flat
  notModifiedStale: Flat
  /**
   * The shared lifetimes of the fresh blocks (and of what a 304 keeps of them), which an answer
   * lengthens by the copy's age so a CDN counts them from its own fetch (http/shared-lifetimes.ts).
   */
  agedFresh: readonly AgedValue[]
  agedNotModifiedFresh: readonly AgedValue[]
  /** The page's script policy names each answer's nonce: made per answer, else null (it is in the block). */
  scriptPolicy: ((nonce: string) => string) | null
}

/**
 * The header block of `page`'s answers (see PreparedHeaders), written from its policy with the
 * functions the writer uses for every answer of the app (answer-writer.ts), as `writing` writes them.
 */
export function prepareHeaders(page: PageHeaderSource, writing: AnswerWriting): PreparedHeaders {
  const { policy, status } = page
  const own = page.headers.filter(([name]) => !PER_ANSWER.has(name) && !FROM_POLICY.has(name))
  const { etag: _tag, ...caching } = cachingHeaders(policy, status)
  const written: Record<string, string> = caching
  // A kept page is HTML, always compressible.
  const vary = varyLine(policy.vary, { coded: true }, writing) ?? 'Accept-Encoding'
  if (policy.vary !== undefined && policy.vary.length > 0) written.vary = vary
  const noncePolicy = namesNonce(policy, status)
  if (!noncePolicy) written['content-security-policy'] = scriptPolicyLine(policy, status, '')
  // The page's headers in name order, then its tag and Vary: every page's hits list them alike.
  const headers: Record<string, string> = { ...writing.security.fixed }
  for (const [name, value] of [...own, ...Object.entries(written)].sort(([a], [b]) => (a < b ? -1 : 1)))
    headers[name] = value
  // Whoever may keep it, a hit names its page's tag: the hit's 304 is decided by it (page-answer.ts).
  headers.etag = page.etag
  headers.vary = vary
  const staleHeaders = { ...headers }
  if (headers['cache-control'] !== undefined)
    staleHeaders['cache-control'] = staleCopyCacheControl(headers['cache-control'])
  if (headers['cdn-cache-control'] !== undefined)
    staleHeaders['cdn-cache-control'] = staleCdnCacheControl(headers['cdn-cache-control'])
  const fresh = flat(Object.entries(headers))
  const notModifiedFresh = flat(Object.entries(notModifiedHeaders(Object.entries(headers))))
  return {
    fresh,
    stale: flat(Object.entries(staleHeaders)),
    notModifiedFresh,
    notModifiedStale: flat(Object.entries(notModifiedHeaders(Object.entries(staleHeaders)))),
    agedFresh: agedValuesOf(fresh),
    agedNotModifiedFresh: agedValuesOf(notModifiedFresh),
    scriptPolicy: noncePolicy ? (nonce) => scriptPolicyLine(policy, status, nonce) : null,
  }
}

function agedValuesOf(block: Flat): AgedValue[] {
  const aged: AgedValue[] = []
  for (let i = 0; i < block.length; i += 2) {
    const value = agedValueOf(block[i] as string, block[i + 1] as string, i + 1)
    if (value !== null) aged.push(value)
  }
  return aged
}

/** What one answer adds to its page's block. */
interface PerAnswerValues {
  requestId: string
  nonce: string
  /** Absent for a page kept from this very render. */
  age?: number | undefined
  cacheStatus: string
  /** Null for a 304, `identity` for none. */
  encoding: 'br' | 'gzip' | 'identity' | null
  /** The body's length (a HEAD's too); absent for a 304. */
  length?: number
}

/**
 * One answer's headers: the page's block (fresh or stale, or what a 304 keeps of it: no policy and
 * nothing that describes a body, conditional-request.ts) and this answer's own.
 */
export function answerHeaders(prepared: PreparedHeaders, stale: boolean, facts: PerAnswerValues): string[] {
  const notModified = facts.encoding === null
  const block = notModified
    ? stale
      ? prepared.notModifiedStale
      : prepared.notModifiedFresh
    : stale
      ? prepared.stale
      : prepared.fresh
  const headers = block.slice()
  if (!stale && facts.age !== undefined && facts.age > 0) {
    for (const aged of notModified ? prepared.agedNotModifiedFresh : prepared.agedFresh)
      headers[aged.at] = `${aged.before}${aged.seconds + facts.age}${aged.after}`
  }
  headers.push('x-request-id', facts.requestId, 'cache-status', facts.cacheStatus)
  if (facts.age !== undefined) headers.push('age', String(facts.age))
  if (notModified) return headers
  if (prepared.scriptPolicy !== null) headers.push('content-security-policy', prepared.scriptPolicy(facts.nonce))
  if (facts.encoding !== 'identity' && facts.encoding !== null) headers.push('content-encoding', facts.encoding)
  if (facts.length !== undefined) headers.push('content-length', String(facts.length))
  return headers
}

function flat(entries: [string, string][]): string[] {
  const out: string[] = []
  for (const [name, value] of entries) out.push(name, value)
  return out
}

/** A flat block as a record (the web Response's side, and tests). */
export function toHeaderRecord(headers: Flat): Record<string, string> {
  const record: Record<string, string> = {}
  for (let i = 0; i < headers.length; i += 2) record[headers[i] as string] = headers[i + 1] as string
  return record
}
