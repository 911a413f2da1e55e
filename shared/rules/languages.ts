/**
 * Which languages a site offers and how a language shows in a path (SPEC §2 "optional language
 * prefix", §3 languages, §9 default zh). Pure and browser-safe.
 */
import { LANGUAGES, type Lang, type SiteConfig } from '../types.ts'

/** The language used when a site names none or names one outside {@link LANGUAGES} (SPEC §9). */
const FALLBACK_DEFAULT_LANGUAGE: Lang = 'zh'

// Language tags are case-insensitive (RFC 5646 §2.1.1), so look-ups go through the lower-cased form.
const LANGUAGE_BY_LOWER: ReadonlyMap<string, Lang> = new Map(LANGUAGES.map((lang) => [lang.toLowerCase(), lang]))

/** The supported language spelled by `value` in any letter case, or `undefined`. */
export function parseLanguage(value: unknown): Lang | undefined {
  return typeof value === 'string' ? LANGUAGE_BY_LOWER.get(value.toLowerCase()) : undefined
}

type LanguageSource = {
  language_config?: Partial<SiteConfig['language_config']>
  page_config?: { global_config?: Partial<SiteConfig['page_config']['global_config']> }
}

/** The site's default language: `global_config.default_language`, or zh when it is absent or unknown. */
export function defaultLanguageOf(site: LanguageSource): Lang {
  return parseLanguage(site.page_config?.global_config?.default_language) ?? FALLBACK_DEFAULT_LANGUAGE
}

/**
 * The languages a site renders, in `language_list` order: entries with status 1 and a supported code
 * (duplicates and unknown codes dropped). The default language is always included; when the list
 * forgets it, it goes first.
 */
export function enabledLanguages(site: LanguageSource): Lang[] {
  const list = site.language_config?.language_list
  const enabled: Lang[] = []
  for (const entry of Array.isArray(list) ? list : []) {
    const lang = entry?.status === 1 ? parseLanguage(entry.language) : undefined
    if (lang !== undefined && !enabled.includes(lang)) enabled.push(lang)
  }
  const fallback = defaultLanguageOf(site)
  return enabled.includes(fallback) ? enabled : [fallback, ...enabled]
}

/** A path split into its language prefix (first segment, any letter case) and what follows it. */
export interface LanguagePrefix {
  lang: Lang
  /** The first segment exactly as written, e.g. `EN` or `zh-tw`. */
  segment: string
  /** The path after the prefix: `''` for `/en`, otherwise starting with `/`. */
  rest: string
}

/**
 * Splits a language prefix off a path (no query or hash) whose first segment names a supported
 * language in any letter case, percent-encoded or not. `undefined` when there is no such prefix.
 */
export function splitLanguagePrefix(path: string): LanguagePrefix | undefined {
  if (!path.startsWith('/')) return undefined
  const end = path.indexOf('/', 1)
  const segment = end === -1 ? path.slice(1) : path.slice(1, end)
  // Codes are at most 5 characters; an encoded one (`%65n`) is at most 15.
  if (segment.length === 0 || segment.length > 15) return undefined
  const lang = parseLanguage(segment.includes('%') ? safeDecode(segment) : segment)
  return lang === undefined ? undefined : { lang, segment, rest: end === -1 ? '' : path.slice(end) }
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

/**
 * Puts the language prefix in front of a site-local path (`/x?q#h` → `/en/x?q#h`, home `/` → `/en`).
 * The default language has no prefix (SPEC §2). `path` must not carry a prefix already; anything that
 * is not a site-local absolute path (`https://…`, `//host`, `#top`) is returned unchanged.
 */
export function withLanguagePrefix(path: string, lang: Lang, defaultLang: Lang): string {
  if (lang === defaultLang || !isLocalAbsolutePath(path)) return path
  const cut = indexOfQueryOrHash(path)
  const pathPart = cut === -1 ? path : path.slice(0, cut)
  const tail = cut === -1 ? '' : path.slice(cut)
  return `/${lang}${pathPart === '/' ? '' : pathPart}${tail}`
}

/** True for `/…` that is not `//…` or `/\…` (those name another host in a browser). */
export function isLocalAbsolutePath(href: string): boolean {
  return href.startsWith('/') && href[1] !== '/' && href[1] !== '\\'
}

/** Index of the first `?` or `#`, or -1. */
export function indexOfQueryOrHash(href: string): number {
  for (let i = 0; i < href.length; i++) {
    const code = href.charCodeAt(i)
    if (code === 0x3f || code === 0x23) return i
  }
  return -1
}
