import type { Lang } from '../types.ts'
import { createFormatters, type Formatters } from './formatters.ts'
import type { Messages } from './locales/en.ts'
import { createTranslator, type Translate } from './translator.ts'

/** Everything a page needs to speak one language: its translator and its formatters. */
export interface Locale {
  language: Lang
  t: Translate
  format: Formatters
  /** Adds strings loaded later (the sign-in dialog's, in the browser). */
  addMessages(more: Partial<Messages>): void
  /**
   * Settles once any string can be translated. In the browser the first render reads the server's
   * strings and i18next arrives after it (client/deferred-locale.ts): code that translates outside
   * a render (a toast's text) waits for this first; a render simply suspends until then.
   */
  ready(): Promise<void>
}

/**
 * Builds a language's translator and formatters once; the result is shared by every page in that
 * language. `fallback`: the messages of keys `messages` lacks (see createTranslator).
 */
export function createLocale(language: Lang, messages: Partial<Messages>, fallback?: Messages): Locale {
  const format = createFormatters(language)
  const t = createTranslator(language, messages, fallback, format.count)
  return { language, t, format, addMessages: t.add, ready: () => Promise.resolve() }
}
