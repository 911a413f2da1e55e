import { createInstance } from 'i18next'
import type { Lang } from '../types.ts'
import { createFormatters } from './formatters.ts'
import type { MessageKey, Messages } from './locales/en.ts'

/**
 * Translate a message key; `{{name}}` placeholders are filled from `values`. A plural key takes its
 * form from `count`, a number (never pre-formatted text: the form depends on its value).
 */
export type Translate = (key: MessageKey, values?: TranslateValues) => string
type TranslateValues = Record<string, string | number> & { count?: number }

/** A translator that can take more of its language's strings later (those of a dialog loaded on demand). */
export type Translator = Translate & { add(more: Partial<Messages>): void }

/**
 * Builds an i18next translator fixed to one language. The instance never changes language, so one
 * per language can be shared by concurrent requests without mixing them (STYLE.md convention 10).
 * Keys missing from `messages` come from `fallback` (SPEC §9: fallback locale en-US; the server
 * passes English). The browser passes none: locales.test.ts proves every locale complete, so it
 * downloads the page language's strings only, and the sign-in dialog's with the dialog (`add`).
 * `count` prints a `{{value, number}}` placeholder (the language's formatter by default).
 */
export function createTranslator(
  language: Lang,
  messages: Partial<Messages>,
  fallback?: Partial<Messages>,
  count: (value: number) => string = createFormatters(language).count,
): Translator {
  const instance = createInstance()
  const withFallback = fallback !== undefined && language !== 'en'
  void instance.init({
    lng: language,
    fallbackLng: withFallback ? 'en' : false,
    resources: {
      [language]: { translation: { ...messages } },
      ...(withFallback ? { en: { translation: fallback } } : {}),
    },
    initAsync: false,
    // React escapes text itself; escaping here too would double-escape.
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  } as Parameters<typeof instance.init>[0])
  // i18next's own `number` keys its cache of Intl formatters by the options and the value itself,
  // so every view count not printed before built a formatter (about 20 µs) and a language kept up
  // to a thousand of them; the language's one formatter prints the same text.
  instance.services.formatter?.add('number', (value: number) => count(value))
  // i18next's key typing is global; ours is narrower (MessageKey), so call it through a plain signature.
  const t = instance.t as unknown as (key: string, options?: object) => string
  // Most calls have no values: answer those from a table (a page renders hundreds of strings).
  const plain = new Map<string, string>()
  const translate: Translate = (key, values) => {
    if (values !== undefined) return t(key, values)
    let text = plain.get(key)
    if (text === undefined) {
      text = t(key)
      plain.set(key, text)
    }
    return text
  }
  return Object.assign(translate, {
    add(more: Partial<Messages>) {
      instance.addResourceBundle(language, 'translation', more, true, true)
      // A key asked for before it arrived was answered with its name: ask again.
      plain.clear()
    },
  })
}
