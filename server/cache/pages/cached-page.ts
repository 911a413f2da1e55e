import type { AnswerPolicy } from '../../http/answer-policy.ts'
import { etagOf } from '../../http/conditional-request.ts'
import { bodyBytes, bodySegments, cutAt, firstAnsweredBody, bodyWithBlocks, type PageBody } from './body/page-body.ts'

/**
 * A rendered page as the HTML cache keeps it: compressed only. Nearly every visitor accepts gzip,
 * and the text is five to six times the size of its gzip blocks: a page kept as text too would
 * take that room from five other pages of a fleet's long tail. The rare identity answer (a crawler
 * or a script that asks for none) is inflated from the blocks.
 */
export interface CachedPage {
  status: number
  /** Response headers worth keeping (never Set-Cookie, lengths or encodings, nor what its policy writes). */
  headers: [string, string][]
  /**
   * The policy of the page as kept (its complete copy's, its entity tag included): every hit's
   * caching, script and `Vary` headers are written from it (answer/prepared-headers.ts).
   */
  policy: AnswerPolicy
  /**
   * The body, compressed only (see page-body.ts): one brotli pass of it as rendered until its first
   * hit, then split where the per-response nonce goes, as deflate blocks ready to be joined into a
   * gzip body.
   */
  body: PageBody
  storedAt: number
  /** Route name for metrics, as the render that produced it reported. */
  routeName: string
  /** Bytes it holds beside its body (its headers and the objects around it), for the cache's byte bound (see bytesHeld). */
  size: number
  /** Entity tag of the body with its nonce slots left blank: the same for every hit, whatever its nonce. */
  etag: string
  /** What it was rendered from (see Rendered.digest): a re-render with the same inputs renews it instead. */
  digest?: string
}

/** The serialisable part of a page, as shared between instances. */
export interface PageSnapshot {
  status: number
  headers: [string, string][]
  policy: AnswerPolicy
  segments: string[]
  storedAt: number
  routeName: string
  digest?: string
}

/** Headers that describe one response's bytes or one visitor: recomputed or left out on a hit. */
const UNSTORED_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'set-cookie',
  'date',
  'transfer-encoding',
  'connection',
  'x-request-id',
  'cache-status',
  // Written from the page's policy on every hit.
  'cache-control',
  'cdn-cache-control',
  'cache-tag',
  'surrogate-key',
  'etag',
  'vary',
  'content-security-policy',
])

/** A page as rendered, before it is kept: the snapshot's fields, the body as bytes cut at its nonce. */
export interface RenderedSnapshot extends Omit<PageSnapshot, 'segments'> {
  segments: Buffer[]
  /** The body as rendered, its nonce in it (the segments are views of it). */
  whole: Buffer
  /** The nonce it was rendered with and cut at. */
  nonce: string | undefined
}

/**
 * A copy of the response headers a page keeps (none of UNSTORED_HEADERS), taken when the render is handed
 * over: the visitor's response may share its Headers object (the Node adapter's Response keeps the
 * one it was made with), and what middleware sets on it afterwards is that visitor's alone.
 */
export function storedHeadersOf(headers: Headers): [string, string][] {
  const stored: [string, string][] = []
  headers.forEach((value, name) => {
    if (!UNSTORED_HEADERS.has(name)) stored.push([name, value])
  })
  return stored
}

/**
 * A snapshot of a rendered response: its body is cut at each occurrence of the nonce it was rendered
 * with, so a hit can carry a fresh one. The cuts are views of the body's bytes: a nonce is ASCII,
 * and ASCII bytes never occur inside a multi-byte UTF-8 character, so cutting the bytes cuts the
 * text at the same places without decoding it.
 */
export function toSnapshot(
  response: { status: number; headers: Headers | readonly [string, string][] },
  body: Buffer,
  render: { nonce: string | undefined; routeName: string; digest?: string; policy: AnswerPolicy },
  storedAt: number,
): RenderedSnapshot {
  const { nonce, digest, policy } = render
  const headers = response.headers instanceof Headers ? storedHeadersOf(response.headers) : [...response.headers]
  return {
    status: response.status,
    headers,
    policy,
    segments: nonce ? cutAt(body, Buffer.from(nonce, 'utf8')) : [body],
    whole: body,
    nonce,
    storedAt,
    routeName: render.routeName,
    ...(digest !== undefined ? { digest } : {}),
  }
}

/**
 * What a kept page holds on the heap beside its bytes, counted in its size: the page, its headers,
 * the views of its blocks and the cache's entry with the upstream keys the page was built from
 * (3.2 KiB a page measured over 2,000 pages of twelve segments and eight keys; rounded up).
 */
const PAGE_OVERHEAD_BYTES = 4096

/** A page kept for its hits (a render nobody waits for, another instance's copy): compressed for them at once. */
export async function toCachedPage(snapshot: PageSnapshot | RenderedSnapshot): Promise<CachedPage> {
  const segments = snapshot.segments.map((segment) =>
    typeof segment === 'string' ? Buffer.from(segment, 'utf8') : segment,
  )
  return cachedPage(snapshot, segments, await bodyWithBlocks(segments))
}

/** A page kept from the render a visitor is answered with: one brotli pass of it (see page-body.ts). */
export async function firstAnsweredPage(snapshot: RenderedSnapshot): Promise<CachedPage> {
  return cachedPage(
    snapshot,
    snapshot.segments,
    await firstAnsweredBody(snapshot.whole, snapshot.segments, snapshot.nonce),
  )
}

function cachedPage(snapshot: PageSnapshot | RenderedSnapshot, segments: Buffer[], body: PageBody): CachedPage {
  let size = PAGE_OVERHEAD_BYTES
  for (const [name, value] of snapshot.headers) size += name.length + value.length
  const { status, headers, storedAt, routeName, digest } = snapshot
  const etag = etagOf(segments)
  return {
    status,
    headers,
    policy: { ...snapshot.policy, etag },
    body,
    storedAt,
    routeName,
    size,
    etag,
    ...(digest !== undefined ? { digest } : {}),
  }
}

/**
 * Bytes a kept page holds now, for the cache's byte bound: what it holds beside its body, and its
 * body as it stands. A page grows at its first hit (its gzip blocks; a page with a nonce lets its
 * first brotli go then) and as it proves popular (its gzip bodies kept for reuse, better blocks).
 */
export function bytesHeld(page: CachedPage): number {
  return page.size + bodyBytes(page.body)
}

export function toPageSnapshot(page: CachedPage): PageSnapshot {
  const { status, headers, policy, storedAt, routeName, digest } = page
  return {
    status,
    headers,
    policy,
    segments: bodySegments(page.body).map((segment) => segment.toString('utf8')),
    storedAt,
    routeName,
    ...(digest !== undefined ? { digest } : {}),
  }
}

/** The same page, fresh again as of `storedAt`: its inputs were found unchanged (its bytes and blocks are shared). */
export function renewed(page: CachedPage, storedAt: number): CachedPage {
  return { ...page, storedAt }
}
