import { TAG_PATTERN } from './entity-tags.ts'

/** Longest tag header sent: well under Cloudflare's and Fastly's limits (16 KiB) and a proxy's header buffers. */
const CDN_TAGS_MAX_BYTES = 4096

/** The CDN purge tags of a shareable answer, in Cloudflare's and Fastly's header formats. */
interface CdnTagHeaders {
  /** Cloudflare: comma-separated. */
  'cache-tag': string
  /** Fastly: space-separated. */
  'surrogate-key': string
}

/**
 * The answer's purge tags for a CDN: the host alone (the host-level tag, purging the whole tenant),
 * then each tag prefixed with the host (`shop.example:resource:r3`), so tenants sharing a CDN zone
 * never collide. Tags are made header-safe where they are made (entity-tags.ts); one that is not
 * (TAG_PATTERN) is left out here all the same, since setting a header with a line break or a
 * character past U+00FF throws and would turn the page into a 500. Past `maxBytes`, the host-level
 * tag alone: a purge of any of the page's tags then has to purge the host at the CDN (docs/freshness.md).
 */
export function cdnTagHeaders(host: string, tags: Iterable<string>, maxBytes = CDN_TAGS_MAX_BYTES): CdnTagHeaders {
  const safe = [...new Set(tags)].filter((tag) => TAG_PATTERN.test(tag))
  const named = [host, ...safe.sort().map((tag) => `${host}:${tag}`)]
  const commas = named.join(',')
  // Every character is ASCII (the host is a normalized host name), so its length is its byte count.
  if (commas.length > maxBytes) return { 'cache-tag': host, 'surrogate-key': host }
  return { 'cache-tag': commas, 'surrogate-key': named.join(' ') }
}
