/**
 * The one rule for addresses that come from site data (upstream configs, pages, posts, links: all
 * untrusted). React escapes attribute text but does not stop `javascript:` and friends; these do.
 * Every check trims the value and refuses control characters, which browsers silently drop and so
 * could hide a scheme (`java\tscript:`).
 */

/** Longest address accepted (characters); longer ones are refused, not cut. */
export const MAX_URL_LENGTH = 2048

// The raw text must itself say http(s)://…: this refuses scheme-relative `//host`, `https:host`
// and anything the URL parser would only accept by guessing.
const ABSOLUTE_HTTP = /^https?:\/\/[^/\\?#]/i
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/
// Inline raster or SVG images: an <img> never runs script in them, so they are safe to show.
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i
const MAIL_OR_PHONE = /^(?:mailto|tel):[^\s]+$/i

function clean(value: unknown, maxLength = MAX_URL_LENGTH): string | null {
  if (typeof value !== 'string') return null
  const text = value.trim()
  if (text === '' || text.length > maxLength || CONTROL.test(text)) return null
  return text
}

/**
 * An absolute http(s) URL with a host, parsed; null for anything else: relative, `//host`,
 * other schemes, malformed, or carrying credentials (`user:pass@`, which disguises the real host).
 */
export function parseHttpUrl(value: unknown): URL | null {
  const text = clean(value)
  if (text === null || !ABSOLUTE_HTTP.test(text)) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null
  if (url.username !== '' || url.password !== '') return null
  return url
}

/** A path on the site itself (`/x`), never `//host` or `/\host` (which browsers read as another host). */
export function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') && !CONTROL.test(value)
}

/** An outbound link: an absolute http(s) URL (as written, trimmed), or null. */
export function safeHttpUrl(value: unknown): string | null {
  const text = clean(value)
  return text !== null && parseHttpUrl(text) !== null ? text : null
}

/**
 * An image or video source: http(s), a path on the site, or an inline image (`data:image/…`); or null.
 * `maxLength` lets a caller that keeps inline images (avatars) allow them longer than an address.
 */
export function safeMediaUrl(value: unknown, maxLength = MAX_URL_LENGTH): string | null {
  const text = clean(value, maxLength)
  if (text === null) return null
  if (isSitePath(text) || DATA_IMAGE.test(text)) return text
  return parseHttpUrl(text) !== null ? text : null
}

/**
 * Where a redirect may send a visitor for a configured address (the site's icon): an http(s) URL or
 * a path on the site; or null. Never `//host`, `/\\host` or an address with credentials.
 */
export function safeRedirectTarget(value: unknown): string | null {
  const text = clean(value)
  if (text === null) return null
  return isSitePath(text) || parseHttpUrl(text) !== null ? text : null
}

/**
 * An absolute http(s) URL for a configured image or page address, for link previews, feeds and
 * structured data: an http(s) URL as written (trimmed), a site path on the published origin
 * (`absoluteUrl('/')`); null for anything else (inline data, other schemes), which is no use there.
 */
export function absoluteHttpUrl(value: unknown, absoluteUrl: (routerPath: string) => string): string | null {
  const text = clean(value)
  if (text === null) return null
  if (parseHttpUrl(text) !== null) return text
  return isSitePath(text) ? new URL(absoluteUrl('/')).origin + text : null
}

/**
 * A link target: a path on the site (a router path), an http(s) URL, mailto:/tel:, or a `#fragment`;
 * or null. Whether it becomes an in-site or an external link is the component's choice.
 */
export function safeLinkTarget(value: unknown): string | null {
  const text = clean(value)
  if (text === null) return null
  if (isSitePath(text) || text.startsWith('#') || MAIL_OR_PHONE.test(text)) return text
  return parseHttpUrl(text) !== null ? text : null
}
