import { createInstance } from 'i18next'
import type { Lang } from '../types.ts'
import en, { type MessageKey, type Messages } from './locales/en.ts'

/**
 * Translate a message key; `{{name}}` placeholders are filled from `values`. A plural key takes its
 * form from `count`, a number (never pre-formatted text: the form depends on its value).
 */
export type Translate = (key: MessageKey, values?: TranslateValues) => string
type TranslateValues = Record<string, string | number> & { count?: number }

/**
 * Builds a translator fixed to one language. The instance never changes language, so one per
 * language can be shared by concurrent requests without mixing them (STYLE.md convention 10).
 * Missing keys fall back to English (SPEC §9: fallback locale en-US).
 */
export function createTranslator(language: Lang, messages: Messages): Translate {
  const instance = createInstance()
  void instance.init({
    lng: language,
    fallbackLng: 'en',
    resources: { [language]: { translation: messages }, en: { translation: en } },
    initAsync: false,
    // React escapes text itself; escaping here too would double-escape.
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  } as Parameters<typeof instance.init>[0])
  // i18next's key typing is global; ours is narrower (MessageKey), so call it through a plain signature.
  const t = instance.t as unknown as (key: string, options?: object) => string
  // Most calls have no values: answer those from a table (a page renders hundreds of strings).
  const plain = new Map<string, string>()
  return (key, values) => {
    if (values !== undefined) return t(key, values)
    let text = plain.get(key)
    if (text === undefined) {
      text = t(key)
      plain.set(key, text)
    }
    return text
  }
}
