import { loadMessages } from '../../shared/i18n/load-messages.ts'
import { createTranslator, type Translate } from '../../shared/i18n/translator.ts'
import type { Lang } from '../../shared/types.ts'

const translators = new Map<Lang, Promise<Translate>>()

/** The translator of a language, built once per process (each is fixed to its language). */
export function getTranslator(language: Lang): Promise<Translate> {
  let translator = translators.get(language)
  if (translator === undefined) {
    translator = loadMessages(language).then((messages) => createTranslator(language, messages))
    translators.set(language, translator)
  }
  return translator
}
