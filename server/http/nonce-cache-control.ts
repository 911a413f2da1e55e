/** What a browser may keep of an answer that carries a per-response nonce: nothing a CDN may share. */
const PRIVATE_REVALIDATE = 'private, max-age=0'

/**
 * The Cache-Control of an answer whose policy carries a per-response nonce: a shared cache that kept
 * it would hand that nonce to every visitor, so `public` and `s-maxage` give way to `private` (RFC
 * 9111 §5.2.2.7); the browser revalidates each time, as with `max-age=0` before. A value that already
 * keeps shared caches out (private, no-store) or says nothing stays as it is.
 */
export function nonceCacheControl(cacheControl: string | undefined | null): string | undefined {
  if (!cacheControl) return undefined
  if (/(?:^|,)\s*(?:private|no-store)\b/i.test(cacheControl)) return cacheControl
  if (!/(?:^|,)\s*(?:public|s-maxage)\b/i.test(cacheControl)) return cacheControl
  return PRIVATE_REVALIDATE
}
