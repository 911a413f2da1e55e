/**
 * An image address from upstream data that is safe in `src`: http(s), same-site paths and inline
 * raster or SVG data. Anything else (javascript:, unknown schemes) is dropped.
 */
export function safeImageSrc(url: string | undefined): string | undefined {
  const trimmed = url?.trim() ?? ''
  if (/^https?:\/\//i.test(trimmed)) return trimmed
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed
  if (/^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i.test(trimmed)) return trimmed
  return undefined
}

/** An outbound link from upstream data that is safe in `href`: http(s) only. */
export function safeExternalHref(url: string): string | undefined {
  const trimmed = url.trim()
  return /^https?:\/\/[^\s/]/i.test(trimmed) ? trimmed : undefined
}
