import type { Formatters } from './formatters.ts'
import type { Locale } from './locale.ts'
import type { MessageKey } from './locales/en.ts'

/**
 * The strings a server render produced, by call: translations (message key and values) and
 * formatted dates, counts and ages. The page carries them in its hydration data, so the browser's
 * first render (hydration) reads the very strings the server wrote: i18next with the page
 * language's messages loads after it instead of before, and no `Intl` formatter is built (loading
 * a language's data for one is the costliest step of a phone's start) until a new value needs it.
 */
export type RenderedStrings = Record<string, string>

/** An empty table with no prototype: a key never found in it reads as missing, whatever its name (`toString`). */
const emptyTable = (): RenderedStrings => Object.create(null) as RenderedStrings

/** One call's entry: the key alone, or the key with its values (written by the same code on both sides, so in the same order). */
export function renderedStringKey(key: MessageKey, values?: object): string {
  return values === undefined ? key : `${key} ${JSON.stringify(values)}`
}

/** A formatted value's entry; `#` keeps them apart from message keys. */
const formatKey = (kind: keyof Formatters, args: readonly number[]) => `#${kind} ${args.join(' ')}`

/** A locale whose translator and formatters note what they answer, for one render. */
export function recordRenderedStrings(locale: Locale): { locale: Locale; strings(): RenderedStrings } {
  const strings = emptyTable()
  const note = (key: string, text: string) => {
    strings[key] = text
    return text
  }
  const { t, format } = locale
  return {
    locale: {
      ...locale,
      t: (key, values) => note(renderedStringKey(key, values), t(key, values)),
      format: {
        date: (seconds) => note(formatKey('date', [seconds]), format.date(seconds)),
        count: (value) => note(formatKey('count', [value]), format.count(value)),
        relative: (seconds, now) => note(formatKey('relative', [seconds, now]), format.relative(seconds, now)),
      },
    },
    strings: () => strings,
  }
}

/** Formatters that answer from the rendered strings first, and build `format`'s only for a value the page did not carry. */
export function renderedFormats(rendered: RenderedStrings, format: Formatters): Formatters {
  return {
    date: (seconds) => rendered[formatKey('date', [seconds])] ?? format.date(seconds),
    count: (value) => rendered[formatKey('count', [value])] ?? format.count(value),
    relative: (seconds, now) => rendered[formatKey('relative', [seconds, now])] ?? format.relative(seconds, now),
  }
}

/** The rendered strings of a page's hydration data, or none when the field is missing or malformed. */
export function readRenderedStrings(value: unknown): RenderedStrings {
  const strings = emptyTable()
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return strings
  for (const [key, text] of Object.entries(value)) if (typeof text === 'string') strings[key] = text
  return strings
}
