/**
 * Small readers for loosely typed upstream objects (land module `data` is `Record<string, unknown>`):
 * each returns a value of the asked type or a default, never a cast of whatever arrived.
 */

export type Loose = Record<string, unknown>

export function isLoose(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Text (numbers become their decimal string), trimmed; anything else is ''. */
export function readText(source: Loose, key: string): string {
  const value = source[key]
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return ''
}

/** A finite number (also from a numeric string), or null. */
export function readNumber(source: Loose, key: string): number | null {
  const value = source[key]
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  return null
}

/** One of the allowed numbers, else the fallback. */
export function readChoice<const T extends number>(source: Loose, key: string, allowed: readonly T[], fallback: T): T {
  const value = readNumber(source, key)
  return allowed.find((choice) => choice === value) ?? fallback
}

/** The object items of a list field; non-objects are skipped, a missing list is empty. */
export function readItems(source: Loose, key: string, max = 100): Loose[] {
  const value = source[key]
  if (!Array.isArray(value)) return []
  return value.filter(isLoose).slice(0, max)
}

/** The text items of a list field. */
export function readTexts(source: Loose, key: string, max = 50): string[] {
  const value = source[key]
  if (!Array.isArray(value)) return []
  return value
    .map((item) => (typeof item === 'string' ? item.trim() : typeof item === 'number' ? String(item) : ''))
    .filter((item) => item !== '')
    .slice(0, max)
}

/** A nested object field, or an empty object. */
export function readObject(source: Loose, key: string): Loose {
  const value = source[key]
  return isLoose(value) ? value : {}
}
