import { tryDecodeURIComponent } from 'hono/utils/url'

/** A cookie value hono accepts (its `parse`): printable ASCII but `"`, `;` and `\`, spaces allowed. */
const VALID_VALUE = /^[ !#-:<-[\]-~]*$/

/**
 * The value of the cookie `name` in a Cookie header, read as hono's `parse(header, name)[name]`
 * reads it (the first pair of that name whose value is valid, quotes dropped, percent-decoded), but
 * without splitting the header or building a dictionary: the front door reads the language cookie
 * of every request, cache hits included, where hono's general parse cost several microseconds a
 * request. `name` must be a valid cookie name (a token): the caller's constant.
 */
export function cookieValue(header: string, name: string): string | undefined {
  if (header.indexOf(name) === -1) return undefined
  let start = 0
  while (start <= header.length) {
    let end = header.indexOf(';', start)
    if (end === -1) end = header.length
    const value = pairValue(header, start, end, name)
    if (value !== undefined) return value
    start = end + 1
  }
  return undefined
}

/** The decoded value of the pair `header[start, end)` when it is `name=<valid value>`. */
function pairValue(header: string, start: number, end: number, name: string): string | undefined {
  const equals = header.indexOf('=', start)
  if (equals === -1 || equals >= end) return undefined
  const nameStart = skipBlanks(header, start, equals)
  const nameEnd = trimBlanks(header, nameStart, equals)
  if (nameEnd - nameStart !== name.length || !header.startsWith(name, nameStart)) return undefined
  const valueStart = skipBlanks(header, equals + 1, end)
  let value = header.slice(valueStart, trimBlanks(header, valueStart, end))
  if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
  return VALID_VALUE.test(value) ? tryDecodeURIComponent(value) : undefined
}

/** Spaces and tabs, the blanks hono trims around a cookie's name and value. */
function isBlank(code: number): boolean {
  return code === 32 || code === 9
}

function skipBlanks(text: string, from: number, to: number): number {
  let at = from
  while (at < to && isBlank(text.charCodeAt(at))) at += 1
  return at
}

function trimBlanks(text: string, from: number, to: number): number {
  let at = to
  while (at > from && isBlank(text.charCodeAt(at - 1))) at -= 1
  return at
}
