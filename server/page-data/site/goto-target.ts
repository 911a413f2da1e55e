import { MAX_URL_LENGTH, parseHttpUrl } from '../../../shared/rules/safe-url.ts'

/** Longest outbound URL accepted by `/goto` (characters); longer ones are refused, not cut. */
export const GOTO_URL_MAX = MAX_URL_LENGTH

/** A checked outbound destination. */
export interface GotoTarget {
  /** The URL as the WHATWG parser normalises it. */
  url: string
  /** Host (with port when not the default), as shown to the visitor. */
  host: string
}

/**
 * The destination of `/goto?url=…`, or null when it must not be followed: anything the site-wide
 * rule (shared/rules/safe-url.ts) refuses as an outbound http(s) URL, or whose normalised form is
 * longer than {@link GOTO_URL_MAX}. An open redirect page would otherwise hand the site's
 * reputation to any link.
 */
export function parseGotoTarget(raw: string | null): GotoTarget | null {
  // Exactly as given: a target with surrounding blanks is not one the site would have written.
  if (raw === null || raw !== raw.trim()) return null
  const parsed = parseHttpUrl(raw)
  if (parsed === null || parsed.href.length > GOTO_URL_MAX) return null
  return { url: parsed.href, host: parsed.host }
}
