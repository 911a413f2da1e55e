/**
 * The `lang` cookie that remembers a visitor's language (SPEC §9: 365 days, path /, SameSite lax).
 * Its presence also marks "not the first access", which turns the browser-language redirect off.
 */
import type { Lang } from '../types.ts'

/** Cookie name. */
export const LANG_COOKIE_NAME = 'lang'

/** 365 days in seconds (SPEC §9). */
const LANG_COOKIE_MAX_AGE_SECONDS = 31_536_000

/** The `Set-Cookie` value that stores `lang`: `lang=en; Max-Age=31536000; Path=/; SameSite=Lax`. */
export function langCookie(lang: Lang): string {
  // Language codes are plain tokens (RFC 6265 §4.1.1 cookie-octets), so no quoting or encoding is needed.
  return `${LANG_COOKIE_NAME}=${lang}; Max-Age=${LANG_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`
}

/** Whether a rendered page in `pageLang` must (re)set the cookie: it is missing or holds anything else. */
export function shouldSetLangCookie(cookieValue: string | undefined, pageLang: Lang): boolean {
  return cookieValue !== pageLang
}
