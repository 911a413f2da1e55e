import type { Lang } from '../types.ts'
import type { Messages } from './locales/en.ts'

/**
 * Loads one language's messages. In the browser each locale is its own chunk (only the page
 * language is downloaded); on the server the bundle holds them all.
 */
export async function loadMessages(language: Lang): Promise<Messages> {
  const module = (await import(`./locales/${language}.ts`)) as { default: Messages }
  return module.default
}
