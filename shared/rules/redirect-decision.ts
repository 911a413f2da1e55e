/**
 * The redirect decision for a document request: language prefix rules, path remapping and the
 * first-access browser-language redirect (SPEC §2), in one pure function.
 *
 * The final target is computed in one step, so a visitor is at most two hops from a rendered page
 * (a URL-only 301 followed by the visitor-dependent 302 of the browser-language rule), and a
 * redirect never points back at the URL it came from.
 *
 * Server-side: this imports the Accept-Language matcher (negotiator). Browser code uses
 * `site-rules.ts`, `path-mapping.ts` and `languages.ts` directly.
 */
import type { Lang } from '../types.ts'
import { matchAcceptLanguage } from './accept-language.ts'
import { splitLanguagePrefix, withLanguagePrefix } from './languages.ts'
import { compilePathMapping, type CompiledPathMapping } from './path-mapping.ts'
import {
  hasControlChar,
  isWellFormedEncoding,
  percentEncodePath,
  toCanonicalPath,
  toSafeLocalPath,
} from './safe-path.ts'
import type { SiteRules } from './site-rules.ts'

/** What a request brings to the decision. */
export interface RedirectInput {
  /** Raw, still percent-encoded, as in the request URL. */
  pathname: string
  /** `''` or `?…`. */
  search: string
  /** Per-site rules, built once with `toSiteRules`. */
  site: SiteRules
  /** Value of the `lang` cookie; `undefined` when there is none (any value, even `''`, counts as present). */
  langCookie: string | undefined
  acceptLanguage: string | undefined
  /** True only for a GET/HEAD document request (not payloads, assets or health checks). */
  allowBrowserLanguageRedirect: boolean
}

/** What to do with the request. */
export type RedirectDecision =
  | { kind: 'redirect'; status: 301 | 302; location: string; setLangCookie?: Lang }
  | {
      kind: 'render'
      language: Lang
      /** Pathname without language prefix and with the path mapping reversed, for the router. */
      routePath: string
      /** The canonical address-bar path (the requested one, since nothing needed fixing). */
      browserPath: string
    }
  /** Malformed percent-encoding, NUL, control characters, or a pathname that is not a path. */
  | { kind: 'bad-request' }

const BAD_REQUEST: RedirectDecision = Object.freeze({ kind: 'bad-request' })

/**
 * Decides whether a request renders (and in which language, under which route) or redirects.
 *
 * - `/{lang}/…` with an enabled non-default language renders in it; `/en` alone is its home.
 * - `/{default}/…` → 301 to the path without prefix.
 * - A supported but not enabled language → 302 to the path without prefix.
 * - A prefix in the wrong letter case → 301 to the canonical spelling (or as above when it is the
 *   default or not enabled).
 * - A `from` form of a mapped path → 301 to its `to` form; `to` forms render as their `from` route.
 * - Empty segments, dot segments, `\`, escaped unreserved characters (`%70ost`), lower-case escapes
 *   (`%e4`) and a trailing slash (`/post/12/`) are normalized away with a 301, so a page has one
 *   address to cache and purge (a path like `//evil.com` must never reach a `Location` or an href).
 * - First access (no `lang` cookie, caller allows it) to an unprefixed page whose Accept-Language best
 *   matches an enabled non-default language → 302 to the prefixed path, setting the cookie. Any other
 *   redirect that would lead to such a page goes there directly, as a 302.
 *
 * 301 targets depend on the URL and site only; whatever depends on the visitor is a 302. Never throws.
 */
export function decideRedirect(input: RedirectInput): RedirectDecision {
  const paths = readRequestPath(input.pathname)
  if (paths === undefined) return BAD_REQUEST
  const { requested, normalized } = paths
  const { site, search } = input
  const mapping = compilePathMapping(site.pathMapping)
  const prefix = splitLanguagePrefix(normalized)

  if (prefix === undefined) {
    const canonical = canonicalRest(normalized, mapping)
    const firstAccess = firstAccessRedirect(input, canonical)
    if (firstAccess !== undefined) return firstAccess
    if (canonical !== requested) return redirectTo(301, canonical, search)
    return {
      kind: 'render',
      language: site.defaultLanguage,
      routePath: mapping.toRoute(canonical),
      browserPath: requested,
    }
  }

  const unprefixed = canonicalRest(prefix.rest, mapping) || '/'
  if (prefix.lang === site.defaultLanguage) {
    // The visitor asked for the default language explicitly; when the unprefixed page would bounce
    // them to their browser language, the cookie pins the choice (first-access rule, SPEC §2).
    const pin = browserLanguageRedirect(input) === undefined ? undefined : site.defaultLanguage
    return redirectTo(301, unprefixed, search, pin)
  }
  if (!site.languages.includes(prefix.lang)) {
    return firstAccessRedirect(input, unprefixed) ?? redirectTo(302, unprefixed, search)
  }
  const canonical = `/${prefix.lang}${canonicalRest(prefix.rest, mapping)}`
  if (canonical !== requested) return redirectTo(301, canonical, search)
  return {
    kind: 'render',
    language: prefix.lang,
    routePath: mapping.toRoute(prefix.rest || '/'),
    browserPath: requested,
  }
}

/**
 * The request path as a browser would send it (stray characters percent-encoded) and its canonical
 * form (toCanonicalPath: the one spelling a page is cached and purged under), or `undefined` when it
 * is not a path, holds raw control characters, or has malformed or NUL escapes.
 */
function readRequestPath(pathname: string): { requested: string; normalized: string } | undefined {
  const raw = pathname === '' ? '/' : pathname
  if (!raw.startsWith('/') || hasControlChar(raw) || !isWellFormedEncoding(raw)) return undefined
  return { requested: percentEncodePath(raw), normalized: toCanonicalPath(raw) }
}

/** The 302 to `unprefixedPath` in the visitor's browser language, when the first-access rule applies. */
function firstAccessRedirect(input: RedirectInput, unprefixedPath: string): RedirectDecision | undefined {
  const lang = browserLanguageRedirect(input)
  if (lang === undefined) return undefined
  return redirectTo(302, withLanguagePrefix(unprefixedPath, lang, input.site.defaultLanguage), input.search, lang)
}

/**
 * The address-bar form of a normalized path without language prefix: its route (`to` → `from`),
 * shown again (`from` → `to`). Applied only when the result routes back to the same page, so a
 * redirect to it can never start another one.
 */
function canonicalRest(rest: string, mapping: CompiledPathMapping): string {
  if (rest === '' || rest === '/' || mapping.pairs.length === 0) return rest
  const route = mapping.toRoute(rest)
  const shown = mapping.toBrowser(route)
  return shown === rest || mapping.toRoute(shown) !== route ? rest : shown
}

function redirectTo(status: 301 | 302, path: string, search: string, setLangCookie?: Lang): RedirectDecision {
  const query = search === '' || search.startsWith('?') ? search : `?${search}`
  const location = toSafeLocalPath(path + query)
  return setLangCookie === undefined
    ? { kind: 'redirect', status, location }
    : { kind: 'redirect', status, location, setLangCookie }
}

/**
 * The first-access browser-language rule (SPEC §2): the enabled non-default language a visitor
 * without `lang` cookie is sent to, if the caller allows it and Accept-Language points there.
 */
function browserLanguageRedirect(input: RedirectInput): Lang | undefined {
  if (!input.allowBrowserLanguageRedirect || input.langCookie !== undefined) return undefined
  const { languages, defaultLanguage } = input.site
  const best = matchAcceptLanguage(input.acceptLanguage, languages, defaultLanguage)
  return best === defaultLanguage ? undefined : best
}
