import { z } from 'zod'
import type { Flag } from '../../../shared/types.ts'

/**
 * Building blocks for lenient upstream schemas. The admin backend is sloppy in predictable ways (null for
 * "not set", numbers as strings, missing blocks); these accept that and nothing more. Values are kept
 * as-is otherwise: escaping is the renderer's job.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * `{ ...defaults, ...value }` without value's null fields, so "null" means "not set" and optional
 * fields and defaults apply. A value with no null field and every default key set is answered as it
 * is: nothing would change, and a site config holds hundreds of such objects (the schema's output is
 * a new object anyway, so the input is never handed on).
 */
function withDefaults(value: Record<string, unknown>, defaults: object): Record<string, unknown> {
  if (isComplete(value, defaults)) return value
  const out: Record<string, unknown> = { ...defaults }
  for (const key of Object.keys(value)) {
    const item = value[key]
    if (item !== null) out[key] = item
  }
  return out
}

function isComplete(value: Record<string, unknown>, defaults: object): boolean {
  for (const key of Object.keys(value)) if (value[key] === null) return false
  for (const key of Object.keys(defaults)) if (!Object.hasOwn(value, key)) return false
  return true
}

/**
 * An object whose missing or null fields take `defaults`; a missing or null object becomes `defaults`.
 * Without defaults, null fields simply count as absent.
 */
export function lenientObject<T extends z.ZodType>(schema: T, defaults: object = {}) {
  return z.preprocess((value) => {
    if (value === null || value === undefined) return { ...defaults }
    if (isRecord(value)) return withDefaults(value, defaults)
    return value
  }, schema)
}

/** Like `lenientObject`, but a missing or null object is an error (identity-bearing records). */
export function requiredObject<T extends z.ZodType>(schema: T, defaults: object = {}) {
  return z.preprocess((value) => (isRecord(value) ? withDefaults(value, defaults) : value), schema)
}

function toFlag(value: unknown): unknown {
  if (value === 1 || value === true || value === '1') return 1
  if (value === 0 || value === false || value === '0') return 0
  return value
}

/** 0 | 1, also from booleans and "0"/"1". */
export const flag: z.ZodType<Flag> = z.preprocess(toFlag, z.union([z.literal(0), z.literal(1)]))

function toNumber(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  return value
}

/** A finite number, also from a numeric string. */
export const num = z.preprocess(toNumber, z.number())

/** One of the given numeric literals, also from a numeric string. */
export function numberOneOf<const T extends readonly [number, ...number[]]>(values: T): z.ZodType<T[number]> {
  return z.preprocess(toNumber, z.number()).refine((value): value is T[number] => values.includes(value), {
    message: `expected one of ${values.join(', ')}`,
  }) as z.ZodType<T[number]>
}

/** Like `numberOneOf`, but anything else (or nothing) becomes `fallback`. For presentation choices only. */
export function numberChoice<const T extends readonly [number, ...number[]]>(
  values: T,
  fallback: T[number],
): z.ZodType<T[number]> {
  return numberOneOf(values).catch(fallback)
}

/** One of the given strings; anything else (or nothing) becomes `fallback`. For presentation choices only. */
export function stringChoice<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z.enum(values).catch(fallback)
}

/** Text; a number is accepted and turned into its decimal string. */
export const text = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string())

/** An identifier: a non-empty string, or a number turned into a string (backends mix both). */
export const id = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  z.string().min(1),
)

/** A list; null or missing is empty. Items that do not parse are errors. */
export function list<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => value ?? [], z.array(item))
}

/**
 * A list that keeps only the items that parse: for configuration lists (menus, languages, links) where one
 * bad entry should not take a whole site down.
 */
export function dropInvalid<T>(item: z.ZodType<T>) {
  return z
    .preprocess((value) => value ?? [], z.array(z.unknown()))
    .transform((items) => {
      const valid: T[] = []
      for (const entry of items) {
        const parsed = item.safeParse(entry)
        if (parsed.success) valid.push(parsed.data)
      }
      return valid
    })
}

/** A string-keyed map that keeps only the entries that parse (keys may be restricted by `keys`). */
export function dropInvalidEntries<T>(item: z.ZodType<T>, keys?: readonly string[]) {
  return z
    .preprocess((value) => value ?? {}, z.record(z.string(), z.unknown()))
    .transform((entries) => {
      const valid: Record<string, T> = {}
      for (const [key, entry] of Object.entries(entries)) {
        if (keys && !keys.includes(key)) continue
        const parsed = item.safeParse(entry)
        if (parsed.success) valid[key] = parsed.data
      }
      return valid
    })
}

/** A paginated reply `{ rows, total }`; a missing total falls back to the number of rows. */
export function paged<T>(row: z.ZodType<T>) {
  return z.preprocess(
    (value) =>
      isRecord(value) && (value.total === undefined || value.total === null)
        ? { ...value, total: Array.isArray(value.rows) ? value.rows.length : 0 }
        : value,
    z.object({ rows: list(row), total: num }),
  )
}
