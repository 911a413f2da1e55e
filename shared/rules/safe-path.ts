/**
 * Same-origin paths. Every redirect target and every rewritten href passes through here, so that no
 * input (however encoded) can turn a `Location` into another host (SPEC §2 redirects).
 *
 * Browsers parse `http(s)` URLs leniently (WHATWG URL): tabs and newlines vanish, `\` means `/`, and a
 * reference starting with `//` names a host. The rules below undo each of those before they can matter.
 */

// C0 and C1 controls, DEL and the Unicode line/paragraph separators. WHATWG URL parsing drops tab, CR
// and LF silently (so `/\t/evil.com` becomes `//evil.com`); the others are never valid in a URL.
const CONTROL_CHARS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g
const HAS_CONTROL_CHAR = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/
const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/g
const DOT_ESCAPE = /%2e/gi
const TWO_HEX_DIGITS = /^[0-9A-Fa-f]{2}$/
// Escapes of ALPHA, DIGIT, '-', '.', '_' and '~' (RFC 3986 §2.3).
const UNRESERVED_ESCAPE = /%(?:4[1-9A-Fa-f]|5[0-9Aa]|6[1-9A-Fa-f]|7[0-9Aa]|3[0-9]|2[DdEe]|5[Ff]|7[Ee])/g

// Characters that may stay raw (RFC 3986 §3.3 pchar plus '/'); '%' only as the start of an escape.
const PATH_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/
// Query and fragment also allow '?' (RFC 3986 §3.4, §3.5).
const TAIL_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/
// Fast path: nothing to encode at all (the common case for paths the site built itself).
const ALL_PATH_SAFE = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/

/**
 * Turns any candidate into an absolute path on the current origin, for a `Location` header or href.
 *
 * - control characters (tab, CR, LF, U+2028…) are removed, surrounding blanks trimmed;
 * - in the path part `\` counts as `/`, runs of slashes collapse to one, and `.`/`..` segments are
 *   resolved (RFC 3986 §5.2.4), so the result starts with exactly one `/` followed by something else;
 * - query and hash are kept after the path; characters not allowed raw in a URL are percent-encoded,
 *   existing escapes are kept as they are (never decoded).
 *
 * Anything with a scheme or host (`http://evil.com`, `javascript:…`) ends up as a path on this origin.
 */
export function toSafeLocalPath(candidate: string): string {
  const cleaned = String(candidate).replace(CONTROL_CHARS, '').trim()
  const cut = cleaned.search(/[?#]/)
  const pathPart = cut === -1 ? cleaned : cleaned.slice(0, cut)
  const tail = cut === -1 ? '' : cleaned.slice(cut)
  const path = normalizePathSegments(percentEncodeStray(`/${pathPart.replaceAll('\\', '/')}`, PATH_SAFE))
  return path + encodeTail(tail)
}

/** True when `value` holds a control character that {@link toSafeLocalPath} would remove. */
export function hasControlChar(value: string): boolean {
  return HAS_CONTROL_CHAR.test(value)
}

/**
 * Collapses empty segments and resolves dot segments (also written `%2e`) of a path that starts with
 * `/`. A trailing slash is kept: `/a//` → `/a/`, `/a/./b` → `/a/b`, `/a/..` → `/`.
 */
export function normalizePathSegments(path: string): string {
  const parts = path.split('/')
  const out: string[] = []
  for (let i = 1; i < parts.length; i++) {
    const segment = parts[i] ?? ''
    const last = i === parts.length - 1
    if (segment === '') {
      if (last) out.push('')
      continue
    }
    const dots = dotSegmentKind(segment)
    if (dots === 0) {
      out.push(segment)
      continue
    }
    if (dots === 2) out.pop()
    if (last) out.push('')
  }
  return `/${out.join('/')}`
}

// 1 for `.`, 2 for `..` (WHATWG URL also reads `%2e` as a dot), 0 otherwise.
function dotSegmentKind(segment: string): 0 | 1 | 2 {
  if (segment.length > 6) return 0
  const plain = segment.includes('%') ? segment.replace(DOT_ESCAPE, '.') : segment
  return plain === '.' ? 1 : plain === '..' ? 2 : 0
}

/**
 * The one spelling of a page's path, for a visit's redirect and a purge alike: stray characters
 * percent-encoded, `\` read as `/`, unreserved escapes decoded and the others upper-cased
 * (RFC 3986 §6.2.2.1, §6.2.2.2), empty and dot segments gone, and no trailing slash except on
 * `/` itself (`/post/12/` → `/post/12`, `//a%e4` → `/a%E4`). `path` starts with `/` and is well-formed
 * ({@link isWellFormedEncoding}); one already canonical comes back unchanged.
 */
export function toCanonicalPath(path: string): string {
  const slashed = percentEncodePath(path.replaceAll('\\', '/'))
  const normalized = upperCaseEscapes(normalizePathSegments(decodeUnreserved(slashed)))
  return normalized.length > 1 && normalized.endsWith('/') ? normalized.slice(0, -1) : normalized
}

/**
 * Percent-encodes (UTF-8) every character of a path that may not appear raw in one, including `?`,
 * `#`, `\`, spaces and non-ASCII. Well-formed escapes stay untouched; a stray `%` becomes `%25`.
 */
export function percentEncodePath(path: string): string {
  return percentEncodeStray(path, PATH_SAFE)
}

/** Upper-cases the hex digits of percent escapes (RFC 3986 §6.2.2.1), e.g. for comparing paths. */
export function upperCaseEscapes(path: string): string {
  return path.includes('%') ? path.replace(PERCENT_ESCAPE, (found) => found.toUpperCase()) : path
}

/**
 * Decodes escapes of unreserved characters (`%41` → `A`, `%7E` → `~`), which mean the same as the
 * characters themselves (RFC 3986 §6.2.2.2). Other escapes (`%2F`, `%5C`, UTF-8) stay encoded.
 */
function decodeUnreserved(path: string): string {
  if (!path.includes('%')) return path
  return path.replace(UNRESERVED_ESCAPE, (found) => String.fromCharCode(Number.parseInt(found.slice(1), 16)))
}

/**
 * True when every `%` starts a valid escape and the escapes decode as UTF-8 without NUL: the
 * checks a request path must pass before anything else looks at it.
 */
export function isWellFormedEncoding(path: string): boolean {
  if (!path.includes('%')) return !path.includes('\u0000')
  try {
    return !decodeURIComponent(path).includes('\u0000')
  } catch {
    return false
  }
}

function encodeTail(tail: string): string {
  if (tail === '') return ''
  const hash = tail.indexOf('#')
  if (hash === -1) return percentEncodeStray(tail, TAIL_SAFE)
  // A fragment may not contain a second '#'; everything after the first stays fragment text.
  return `${percentEncodeStray(tail.slice(0, hash), TAIL_SAFE)}#${percentEncodeStray(tail.slice(hash + 1), TAIL_SAFE)}`
}

function percentEncodeStray(value: string, safe: RegExp): string {
  if (ALL_PATH_SAFE.test(value)) return value
  let out = ''
  // toWellFormed: a lone surrogate would make encodeURIComponent throw.
  const text = value.toWellFormed()
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? ''
    if (char === '%' && TWO_HEX_DIGITS.test(text.slice(i + 1, i + 3))) {
      out += char
    } else if (safe.test(char)) {
      out += char
    } else {
      const code = text.codePointAt(i) ?? 0
      const whole = String.fromCodePoint(code)
      out += encodeURIComponent(whole)
      i += whole.length - 1
    }
  }
  return out
}
