import type { AnswerPolicy } from '../../http/answer-policy.ts'
import { streamedResponse, wholeBodyOf } from '../../http/whole-body.ts'
import { firstAnsweredPage, storedHeadersOf, toCachedPage, toSnapshot, type CachedPage } from './cached-page.ts'
import type { PageUses } from '../page-uses.ts'

/**
 * The render for the visitor, and its page as the cache would keep it, read aside as it streams
 * (without holding the visitor up): null for an answer with Set-Cookie, without a body, or not
 * complete (a render error, the timeout, a departing visitor). `inMemory`: the page was rendered in
 * one piece, so it can be kept before its visitor is answered.
 */
export function captureRender(
  rendered: Rendered,
  now: () => number,
): { response: Response; page: Promise<CachedPage | null>; inMemory: boolean } {
  const { response } = rendered
  if (response.headers.has('set-cookie')) return { response, page: Promise.resolve(null), inMemory: false }
  // Its headers as handed over: the visitor's response may share them with middleware still to run.
  const handedOver = {
    status: response.status,
    headers: storedHeadersOf(rendered.completeCopyHeaders ?? response.headers),
  }
  const whole = wholeBodyOf(response)
  // A page rendered in one piece is read from memory; a streamed one is kept as its complete
  // document, made once it has ended, or else read aside as it goes.
  let forVisitor: Response = response
  let cacheBody: Promise<Buffer | null>
  if (whole !== undefined) cacheBody = Promise.resolve(Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength))
  else if (response.body === null) return { response, page: Promise.resolve(null), inMemory: false }
  else if (rendered.document !== undefined)
    cacheBody = rendered.document.then(
      (bytes) => bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    )
  else {
    const [visitorStream, forCache] = response.body.tee()
    forVisitor = streamedResponse(visitorStream, { status: response.status, headers: response.headers })
    cacheBody = new Response(forCache).arrayBuffer().then((bytes) => Buffer.from(bytes))
  }
  const page = (async () => {
    const body = await cacheBody
    if (!(await rendered.complete) || body === null) return null
    return firstAnsweredPage(toSnapshot(handedOver, body, rendered, now()))
  })()
  return { response: forVisitor, page, inMemory: whole !== undefined }
}

/** A render nobody waits for, read whole: its page, or null unless it is a complete 200 without Set-Cookie. */
export async function readRender(rendered: Rendered, now: () => number): Promise<CachedPage | null> {
  const { response } = rendered
  if (response.status !== 200 || response.headers.has('set-cookie')) {
    await response.body?.cancel()
    return null
  }
  const whole = wholeBodyOf(response)
  const body =
    whole !== undefined
      ? Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength)
      : Buffer.from(await response.arrayBuffer())
  if (!(await rendered.complete)) return null
  return toCachedPage(toSnapshot(response, body, rendered, now()))
}

/** A fresh render, as the HTML cache needs it. */
export interface Rendered {
  response: Response
  /**
   * Settles once the body is complete: true when nothing went wrong (no render error, not cut
   * short by the timeout or a departing visitor). Only then may the page be kept.
   */
  complete: Promise<boolean>
  /**
   * For a response that streams boundaries still pending at shell time: the same document
   * complete (every boundary in place, no swap script), once the render has ended clean; null
   * otherwise. The cache keeps it instead of the streamed bytes (docs/complete-pages.md).
   */
  document?: Promise<Uint8Array | null>
  /**
   * The headers the kept page keeps (those its policy does not write), when they are not the visitor's: a render that streamed
   * boundaries after its shell answered its visitor alone (React's scripts carry the nonce), while
   * its complete document carries no nonce and may be shared (render/document-scripts.ts).
   */
  completeCopyHeaders?: Headers
  /**
   * The policy the kept page answers with (its complete copy's, as the render decided it), whatever
   * the visitor's answer was written with: each hit's caching, script and `Vary` headers come from it.
   */
  policy: AnswerPolicy
  /** The nonce the page was rendered with, replaced by a fresh one on each hit. */
  nonce: string | undefined
  /** The page's route name (metrics), kept with it. */
  routeName: string
  /** The upstream answers and tags the render read (complete once `complete` settles): a purge of the page drops them too. */
  uses?: PageUses
  /** What the page was rendered from (render-inputs.ts), kept with it; absent when that cannot be told. */
  digest?: string
}

/** A re-render's answer when the page's inputs have the digest of the page it would replace. */
export interface Unchanged {
  kind: 'unchanged'
  /** The upstream answers and tags the load read. */
  uses?: PageUses
}

/**
 * Renders a page again for the cache, as an anonymous visitor would get it; given the digest of the
 * page it would replace, answers `unchanged` without rendering when its inputs have that digest.
 */
export type Rerender = (unchangedSince?: string) => Promise<Rendered | Unchanged>

/** How a background re-render ended (`html_revalidations_total{outcome}`). */
export type RevalidationOutcome =
  /** A new page was rendered and kept. */
  | 'rendered'
  /** The render failed, was cut short or answered another status: the stale page stays. */
  | 'failed'
  /** A purged page's render answered 404, 410 or a redirect: the page was taken down. */
  | 'removed'
  /** Another instance had already rendered it: taken from the shared store. */
  | 'shared'
  /** Another instance holds the re-render lock: this one goes on serving the stale page. */
  | 'elsewhere'
  /** The page's inputs had not changed: the page was kept as it is, fresh again, without rendering. */
  | 'unchanged'

/** What a kept page was built from: upstream answers with the tags each carried, and the page's tags. */
export interface Used {
  keys: readonly (readonly [key: string, tags: readonly string[]])[]
  tags: readonly string[]
}

export const NOTHING_USED: Used = { keys: [], tags: [] }

export function toUsed(uses: PageUses | undefined): Used {
  return uses === undefined ? NOTHING_USED : { keys: [...uses.keys], tags: [...uses.tags] }
}
