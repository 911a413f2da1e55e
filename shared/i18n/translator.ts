import type { Lang } from '../types.ts'
import type { MessageKey, Messages } from './locales/en.ts'

/**
 * Translate a message key; `{{name}}` placeholders are filled from `values`. A plural key takes its
 * form from `count`, a number (never pre-formatted text: the form depends on its value).
 */
export type Translate = (key: MessageKey, values?: TranslateValues) => string
type TranslateValues = Record<string, string | number> & { count?: number }

/** A translator that can take more of its language's strings later (those of a dialog loaded on demand). */
export type Translator = Translate & { add(more: Partial<Messages>): void }

/** A language's messages with the rules that pick its plural forms. */
interface Table {
  messages: Record<string, string | undefined>
  plurals: Intl.PluralRules
}

// `{{name}}` or `{{name, number}}`: the only interpolation the locale files use (locales.test.ts
// keeps every placeholder of the English string). i18next did this before; its 14 KiB gzip of
// options, namespaces and back-ends were a tenth of every page's first-load JavaScript.
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,\s*(number)\s*)?\}\}/g

/**
 * Builds a translator fixed to one language, shareable by concurrent requests (STYLE.md convention
 * 10). Keys missing from `messages` come from `fallback` (SPEC §9: fallback locale en-US; the
 * server passes English). The browser passes none: locales.test.ts proves every locale complete,
 * so it downloads the page language's strings only, and the sign-in dialog's with the dialog (`add`).
 */
export function createTranslator(language: Lang, messages: Partial<Messages>, fallback?: Partial<Messages>): Translator {
  const own: Record<string, string | undefined> = { ...messages }
  const tables: Table[] = [{ messages: own, plurals: new Intl.PluralRules(language) }]
  if (fallback !== undefined && fallback !== messages) tables.push({ messages: { ...fallback }, plurals: new Intl.PluralRules('en') })
  const numbers = new Intl.NumberFormat(language)
  const lookup = (key: string, count: number | undefined): string => {
    for (const { messages: table, plurals } of tables) {
      const text = count === undefined ? table[key] : (count === 0 ? table[`${key}_zero`] : undefined) ?? table[`${key}_${plurals.select(count)}`] ?? table[key]
      if (text !== undefined) return text
    }
    return key
  }
  const fill = (text: string, values: TranslateValues) =>
    text.replace(PLACEHOLDER, (whole, name: string, format: string | undefined) => {
      const value = values[name]
      if (value === undefined) return whole
      return format === 'number' && typeof value === 'number' ? numbers.format(value) : String(value)
    })
  // Most calls have no values: answer those from a table (a page renders hundreds of strings).
  const plain = new Map<string, string>()
  const translate: Translate = (key, values) => {
    if (values !== undefined) return fill(lookup(key, values.count), values)
    let text = plain.get(key)
    if (text === undefined) {
      text = lookup(key, undefined)
      plain.set(key, text)
    }
    return text
  }
  return Object.assign(translate, {
    add(more: Partial<Messages>) {
      Object.assign(own, more)
      // A key asked for before it arrived was answered with its name: ask again.
      plain.clear()
    },
  })
}
