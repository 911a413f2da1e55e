import type { Lang } from '../types.ts'
import type { AccountMessages, Messages, PageMessages } from './locales/en.ts'

/**
 * Loads one language's page strings: all but the sign-in dialog's. In the browser each locale is
 * its own chunk (only the page language is downloaded); on the server the bundle holds them all.
 */
export async function loadMessages(language: Lang): Promise<PageMessages> {
  const module = (await import(`./locales/${language}.ts`)) as { default: PageMessages }
  return module.default
}

/** Loads one language's sign-in dialog strings (the browser fetches them with the dialog). */
export async function loadAccountMessages(language: Lang): Promise<AccountMessages> {
  const module = (await import(`./locales/account/${language}.ts`)) as { default: AccountMessages }
  return module.default
}

/** Every string of one language (the server renders any page and has them all at hand). */
export async function loadAllMessages(language: Lang): Promise<Messages> {
  const [page, account] = await Promise.all([loadMessages(language), loadAccountMessages(language)])
  return { ...page, ...account }
}
