/** Longest outbound URL accepted by `/goto` (characters); longer ones are refused, not cut. */
export const GOTO_URL_MAX = 2048

/** A checked outbound destination. */
export interface GotoTarget {
  /** The URL as the WHATWG parser normalises it. */
  url: string
  /** Host (with port when not the default), as shown to the visitor. */
  host: string
}

// The raw text must itself say http(s)://…: this refuses scheme-relative `//host`, `https:host`
// and anything the parser would only accept by guessing.
const ABSOLUTE_HTTP = /^https?:\/\//i

/**
 * The destination of `/goto?url=…`, or null when it must not be followed: anything that is not an
 * absolute http(s) URL with a host (relative, `//host`, `javascript:`, `data:`, malformed), carries
 * credentials (`user:pass@`, which disguises the real host), or is longer than {@link GOTO_URL_MAX}.
 * An open redirect page would otherwise hand the site's reputation to any link.
 */
export function parseGotoTarget(raw: string | null): GotoTarget | null {
  if (raw === null || raw.length === 0 || raw.length > GOTO_URL_MAX) return null
  if (!ABSOLUTE_HTTP.test(raw)) return null
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    return null
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null
  if (parsed.username !== '' || parsed.password !== '') return null
  if (parsed.hostname === '') return null
  if (parsed.href.length > GOTO_URL_MAX) return null
  return { url: parsed.href, host: parsed.host }
}
