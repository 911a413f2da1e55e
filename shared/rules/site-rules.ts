/**
 * The language and remap rules of one site, prepared once per tenant (when its config is loaded) so
 * that per-request decisions only look things up. Browser-safe.
 */
import type { Lang, SiteConfig } from '../types.ts'
import { defaultLanguageOf, enabledLanguages, withLanguagePrefix } from './languages.ts'
import { compilePathMapping, toBrowserPath, type PathMappingPair } from './path-mapping.ts'

/** What the redirect and link rules need to know about a site. */
export interface SiteRules {
  /** Enabled languages in list order; always contains `defaultLanguage`. */
  readonly languages: readonly Lang[]
  readonly defaultLanguage: Lang
  /** Cleaned pairs, longest `from` first (see `cleanPathMapping`). */
  readonly pathMapping: readonly PathMappingPair[]
}

/**
 * Builds a site's {@link SiteRules} once: enabled languages, default language, and the cleaned,
 * sorted and compiled path mapping (later look-ups with the returned array hit the compiled form).
 * The result is frozen.
 */
export function toSiteRules(site: SiteConfig): SiteRules {
  const compiled = compilePathMapping(Array.isArray(site.path_mapping) ? site.path_mapping : [])
  return Object.freeze({
    languages: Object.freeze(enabledLanguages(site)),
    defaultLanguage: defaultLanguageOf(site),
    pathMapping: compiled.pairs,
  })
}

/** One entry of the header language switcher. */
interface LanguageSwitchLink {
  lang: Lang
  href: string
}

/**
 * Links to the current page in every enabled language, in the site's order, for the header language
 * switcher. `browserPathWithoutPrefix` is the current path without language prefix (query and hash
 * are kept); hrefs come out in the mapped `to` form with the language prefix (none for the default).
 */
export function languageSwitchLinks(browserPathWithoutPrefix: string, site: SiteRules): LanguageSwitchLink[] {
  const shown = toBrowserPath(browserPathWithoutPrefix, site.pathMapping)
  return site.languages.map((lang) => ({ lang, href: withLanguagePrefix(shown, lang, site.defaultLanguage) }))
}
