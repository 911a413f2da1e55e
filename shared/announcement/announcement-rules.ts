/** localStorage key holding the fingerprint of the announcement the visitor dismissed. */
export const ANNOUNCEMENT_DISMISSED_KEY = 'announcement_dismissed'
/** Class on `<html>` while the current announcement is dismissed (set before first paint). */
export const ANNOUNCEMENT_DISMISSED_CLASS = 'announcement-dismissed'

/**
 * A short fingerprint of an announcement's content (FNV-1a, 32 bit): a dismissal is remembered
 * for that content only, so a new announcement shows again. Not a security measure.
 */
export function announcementFingerprint(content: string): string {
  let hash = 0x811c9dc5
  for (const char of content) {
    // A string's iterator yields whole code points, never an empty string.
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(36)
}

/** The announcement as one line of plain text for the bar (markdown links keep their text). */
export function announcementLine(content: string): string {
  return content
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[*_`#>]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * A head script that hides the bar before the first paint when this very announcement was
 * dismissed, so the bar neither flashes nor shifts the page. Storage may be unavailable.
 */
export function announcementHeadScript(content: string): string {
  const check = `localStorage.getItem(${JSON.stringify(ANNOUNCEMENT_DISMISSED_KEY)})===${JSON.stringify(announcementFingerprint(content))}`
  return `try{if(${check})document.documentElement.classList.add(${JSON.stringify(ANNOUNCEMENT_DISMISSED_CLASS)})}catch(e){}`
}
