/**
 * Path remapping (SPEC §1 "optional path remapping", API.md `path_mapping`): `{ from, to }` prefix
 * pairs. The router knows the `from` form; visitors see and request the `to` form. Pure and
 * browser-safe: the renderer maps every href with {@link toBrowserPath}.
 *
 * Prefixes match on a segment boundary only (`/post` maps `/post` and `/post/1`, never `/postx` or
 * `/post-x`), longest first, and only after a language prefix has been taken off (`/en/articles/1` ↔
 * `/en/post/1`).
 */
import { indexOfQueryOrHash, isLocalAbsolutePath, splitLanguagePrefix } from './languages.ts'
import { isWellFormedEncoding, normalizePathSegments, percentEncodePath, upperCaseEscapes } from './safe-path.ts'

/** One remapping rule: paths under `from` are shown (and requested) under `to`. */
export interface PathMappingPair {
  readonly from: string
  readonly to: string
}

/** A cleaned mapping, ready for per-request look-ups (no sorting or validation left to do). */
export interface CompiledPathMapping {
  /** The pairs kept, longest `from` first. */
  readonly pairs: readonly PathMappingPair[]
  /** `from` form → `to` form of a path without language prefix, query or hash. */
  toBrowser(path: string): string
  /** `to` form → `from` form of a path without language prefix, query or hash. */
  toRoute(path: string): string
}

// Keyed by the caller's array: a site's mapping is compiled once, not once per request. Arrays handed
// in must not be mutated afterwards (toSiteRules freezes its own).
const compiledByList = new WeakMap<readonly PathMappingPair[], CompiledPathMapping>()

/**
 * Compiles (and caches per array) a site's `path_mapping`. Pairs that are malformed or could loop
 * are ignored; see {@link cleanPathMapping}.
 */
export function compilePathMapping(pairs: readonly PathMappingPair[] | undefined): CompiledPathMapping {
  if (!Array.isArray(pairs)) return EMPTY_MAPPING
  const cached = compiledByList.get(pairs)
  if (cached !== undefined) return cached
  const compiled = buildMapping(cleanPathMapping(pairs))
  compiledByList.set(pairs, compiled)
  compiledByList.set(compiled.pairs, compiled)
  return compiled
}

/**
 * Keeps the usable pairs of a raw `path_mapping`, longest `from` first (sorted here rather than
 * trusting upstream order). Both sides are normalized to `/a/b` (trimmed, no trailing slash,
 * percent-encoded with upper-case hex). A pair is ignored when:
 * - a side is not a plain absolute path (`?`, `#`, `\`, blanks, `//`, dot segments, bad escapes) or is `/`;
 * - a side starts with a language code (it would shadow the language prefix, SPEC §2);
 * - `from` and `to` are equal or one lies under the other (`/a` → `/a/b` would grow forever);
 * - it clashes with a pair kept earlier in list order: the same `from`; a `to` that equals, contains or
 *   lies under the other pair's `from` or `to`; or a `from` that does so with the other pair's `to`
 *   (chains like `/a → /b`, `/b → /c` and swaps would loop or make a path ambiguous).
 * Nested `from` prefixes stay allowed: the longest one wins.
 */
export function cleanPathMapping(pairs: unknown): PathMappingPair[] {
  const kept: PathMappingPair[] = []
  for (const pair of Array.isArray(pairs) ? (pairs as unknown[]) : []) {
    const from = cleanPrefix((pair as Partial<PathMappingPair> | null)?.from)
    const to = cleanPrefix((pair as Partial<PathMappingPair> | null)?.to)
    if (from === undefined || to === undefined || overlaps(from, to)) continue
    const clashes = kept.some(
      (other) => other.from === from || overlaps(to, other.to) || overlaps(to, other.from) || overlaps(from, other.to),
    )
    if (!clashes) kept.push({ from, to })
  }
  return kept.toSorted((a, b) => b.from.length - a.from.length)
}

/**
 * Maps a site-local href to the form the address bar shows (`/post/1?x#y` → `/articles/1?x#y`,
 * `/en/post/1` → `/en/articles/1`). Query and hash are kept; external or relative hrefs
 * (`https://…`, `mailto:…`, `#top`) come back unchanged.
 */
export function toBrowserPath(href: string, mapping: readonly PathMappingPair[] | undefined): string {
  return mapHref(href, compilePathMapping(mapping), 'toBrowser')
}

/**
 * Maps a requested href to the form the router knows (`/articles/1` → `/post/1`, `/en/articles/1` →
 * `/en/post/1`). Query and hash are kept; non-local hrefs come back unchanged.
 */
export function toRoutePath(href: string, mapping: readonly PathMappingPair[] | undefined): string {
  return mapHref(href, compilePathMapping(mapping), 'toRoute')
}

function mapHref(href: string, mapping: CompiledPathMapping, direction: 'toBrowser' | 'toRoute'): string {
  if (mapping.pairs.length === 0 || !isLocalAbsolutePath(href)) return href
  const cut = indexOfQueryOrHash(href)
  const path = cut === -1 ? href : href.slice(0, cut)
  const tail = cut === -1 ? '' : href.slice(cut)
  const prefix = splitLanguagePrefix(path)
  if (prefix === undefined) return mapping[direction](path) + tail
  // `/en` alone is the language home; mappings never apply to `/`.
  const rest = prefix.rest === '' ? '' : mapping[direction](prefix.rest)
  return `/${prefix.segment}${rest}${tail}`
}

function buildMapping(pairs: readonly PathMappingPair[]): CompiledPathMapping {
  if (pairs.length === 0) return EMPTY_MAPPING
  const byFrom = Object.freeze([...pairs])
  const byTo = Object.freeze(pairs.toSorted((a, b) => b.to.length - a.to.length))
  return {
    pairs: byFrom,
    toBrowser: (path) => replacePrefix(path, byFrom, 'from', 'to'),
    toRoute: (path) => replacePrefix(path, byTo, 'to', 'from'),
  }
}

const EMPTY_MAPPING: CompiledPathMapping = Object.freeze({
  pairs: Object.freeze([]),
  toBrowser: (path: string) => path,
  toRoute: (path: string) => path,
})

function replacePrefix(
  path: string,
  pairs: readonly PathMappingPair[],
  match: 'from' | 'to',
  replace: 'from' | 'to',
): string {
  // Escapes compare case-insensitively (`%e6` is `%E6`); the key has the same length as the path.
  const key = upperCaseEscapes(path)
  for (const pair of pairs) {
    const prefix = pair[match]
    if (key === prefix || (key.startsWith(prefix) && key.charCodeAt(prefix.length) === 0x2f)) {
      return pair[replace] + path.slice(prefix.length)
    }
  }
  return path
}

/** True when one path equals the other or lies under it on a segment boundary. */
function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`)
}

function cleanPrefix(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const trimmed = value.trim()
  if (!trimmed.startsWith('/') || /[?#\\\s\u0000-\u001F\u007F-\u009F]/.test(trimmed)) return undefined
  if (!isWellFormedEncoding(trimmed)) return undefined
  const encoded = upperCaseEscapes(percentEncodePath(trimmed))
  const prefix = encoded.length > 1 && encoded.endsWith('/') ? encoded.slice(0, -1) : encoded
  if (prefix === '/' || prefix.endsWith('/') || normalizePathSegments(prefix) !== prefix) return undefined
  return splitLanguagePrefix(prefix) === undefined ? prefix : undefined
}
