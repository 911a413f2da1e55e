import { use } from 'react'
import { createFormatters } from '../shared/i18n/formatters.ts'
import type { Locale } from '../shared/i18n/locale.ts'
import type { Messages } from '../shared/i18n/locales/en.ts'
import { renderedFormats, renderedStringKey, type RenderedStrings } from '../shared/i18n/rendered-strings.ts'
import type { Translator } from '../shared/i18n/translator.ts'
import type { Lang } from '../shared/types.ts'

/**
 * The browser's locale. Hydration renders what the server rendered, so it reads the server's
 * strings from the page (`rendered`: translations, dates, counts and ages) and needs neither
 * i18next nor the language's messages nor an `Intl` formatter.
 * - i18next and the messages load after it (`load`, started by `ready` once the page is
 *   interactive, or by the first string the page did not carry); from then on i18next answers
 *   every call. A render that asks for a string before then suspends until i18next is there
 *   (React keeps what is on screen meanwhile); code outside a render waits for `ready` first.
 * - A formatter is built when a value the page did not carry first needs it.
 */
export function createDeferredLocale(
  language: Lang,
  rendered: RenderedStrings,
  load: () => Promise<Translator>,
): Locale {
  let translator: Translator | null = null
  let loading: Promise<Translator> | null = null
  const pending: Partial<Messages>[] = []
  const start = (): Promise<Translator> => {
    loading ??= load().then(
      (loaded) => {
        for (const more of pending.splice(0)) loaded.add(more)
        translator = loaded
        return loaded
      },
      (error: unknown) => {
        // A later string tries again (a network blip must not leave the page without its translator).
        loading = null
        throw error
      },
    )
    return loading
  }
  return {
    language,
    format: renderedFormats(rendered, createFormatters(language)),
    t: (key, values) => {
      if (translator !== null) return translator(key, values)
      const text = rendered[renderedStringKey(key, values)]
      return text ?? use(start())(key, values)
    },
    addMessages: (more) => {
      if (translator !== null) translator.add(more)
      else pending.push(more)
    },
    ready: () => start().then(() => undefined),
  }
}
