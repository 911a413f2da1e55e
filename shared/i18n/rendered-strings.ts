import type { MessageKey } from './locales/en.ts'
import type { Translate } from './translator.ts'

/**
 * The strings a server render produced, by call (message key and values). The page carries them
 * in its hydration data, so the browser's first render (hydration) reads the very strings the
 * server wrote, and i18next with the page language's messages loads after it instead of before.
 */
export type RenderedStrings = Record<string, string>

/** One call's entry: the key alone, or the key with its values (written by the same code on both sides, so in the same order). */
export function renderedStringKey(key: MessageKey, values?: object): string {
  return values === undefined ? key : `${key} ${JSON.stringify(values)}`
}

/** A translator that notes what it answers, for one render. */
export function recordRenderedStrings(translate: Translate): { t: Translate; strings(): RenderedStrings } {
  const strings: RenderedStrings = {}
  const t: Translate = (key, values) => {
    const text = translate(key, values)
    strings[renderedStringKey(key, values)] = text
    return text
  }
  return { t, strings: () => strings }
}

/** The rendered strings of a page's hydration data, or none when the field is missing or malformed. */
export function readRenderedStrings(value: unknown): RenderedStrings {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
  const strings: RenderedStrings = {}
  for (const [key, text] of Object.entries(value)) if (typeof text === 'string') strings[key] = text
  return strings
}
