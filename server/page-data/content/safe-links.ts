/**
 * Link and media checks for values that come from page configs (upstream data, untrusted). React
 * escapes attribute text, but it does not stop `javascript:` URLs; these checks do.
 */

const HTTP_URL = /^https?:\/\/[^\s/?#]+/i

/** An absolute http(s) URL, or null. */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const url = value.trim()
  return HTTP_URL.test(url) ? url : null
}

/** A media source: http(s), a same-origin path, or an inline image (`data:image/…`). Otherwise null. */
export function safeMediaUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const url = value.trim()
  if (url === '') return null
  if (HTTP_URL.test(url)) return url
  if (url.startsWith('/') && !url.startsWith('//') && !url.includes('\\')) return url
  if (/^data:image\/(png|jpe?g|gif|webp|svg\+xml)[;,]/i.test(url)) return url
  return null
}

/**
 * A link target from config: a same-origin path (used as a router path), an http(s) URL, mailto/tel,
 * or null. Whether it renders as an in-site or an external link is the component's choice (ConfigLink).
 */
export function safeLinkTarget(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const url = value.trim()
  if (url === '') return null
  if (url.startsWith('/') && !url.startsWith('//') && !url.includes('\\')) return url
  if (HTTP_URL.test(url) || /^(mailto|tel):[^\s]+$/i.test(url)) return url
  if (url.startsWith('#')) return url
  return null
}
