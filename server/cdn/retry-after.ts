/** Longest wait a `Retry-After` is taken at; a larger one is read as this (the deadline decides first anyway). */
const MAX_RETRY_AFTER_MS = 3_600_000

/**
 * When a CDN says the call may be made again (`Retry-After`, RFC 9110 §10.2.3): seconds from now,
 * or an HTTP date. Null when the header is absent or is neither (a CDN's text is not trusted: a
 * negative, fractional or huge value is not honoured as given).
 */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  const text = value?.trim() ?? ''
  if (/^\d{1,10}$/.test(text)) return now + Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS)
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return null
  const at = Date.parse(text)
  if (Number.isNaN(at)) return null
  return Math.min(Math.max(at, now), now + MAX_RETRY_AFTER_MS)
}
