import { createLocale, type Locale } from '../../shared/i18n/locale.ts'
import { loadAllMessages } from '../../shared/i18n/load-messages.ts'
import type { Lang } from '../../shared/types.ts'

export interface Locales {
  /** The locale of a language, built on first use and then shared (each is fixed to its language). */
  get(language: Lang): Promise<Locale>
}

/** The process's locales: translators and `Intl` formatters, built once per language. */
export function createLocales(): Locales {
  const built = new Map<Lang, Promise<Locale>>()
  return {
    get(language) {
      let locale = built.get(language)
      if (locale === undefined) {
        // English fills any key a locale lacks (SPEC §9); the browser, with one language's strings, has no fallback.
        locale = Promise.all([loadAllMessages(language), loadAllMessages('en')]).then(([messages, en]) =>
          createLocale(language, messages, en),
        )
        built.set(language, locale)
      }
      return locale
    },
  }
}
