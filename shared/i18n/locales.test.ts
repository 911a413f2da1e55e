import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../types.ts'
import enPage from './locales/en.ts'
import enAccount from './locales/account/en.ts'

// A language's strings are two files: the page's (locales/) and the sign-in dialog's (locales/account/).
const en = { ...enPage, ...enAccount }
const englishKeys = Object.keys(en).sort()
const otherLanguages = LANGUAGES.filter((code) => code !== 'en')
const PLURAL_FORM = /^(.+)_(zero|one|two|few|many|other)$/
const pluralKeys = [...new Set(englishKeys.flatMap((key) => PLURAL_FORM.exec(key)?.[1] ?? []))]
const simpleKeys = englishKeys.filter((key) => !PLURAL_FORM.test(key))

/** The keys a language must have: every simple key, and each plural key in exactly its language's forms. */
function expectedKeys(code: string): string[] {
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories
  return [...simpleKeys, ...pluralKeys.flatMap((key) => categories.map((category) => `${key}_${category}`))].sort()
}

/** The English string a key is checked against (a plural form against English's `other`). */
function englishOf(key: string): string {
  const plural = PLURAL_FORM.exec(key)
  return (en as Record<string, string>)[plural ? `${plural[1]}_other` : key] ?? ''
}

/** Share of keys above which a locale counts as an untranslated copy of English. */
const MAX_IDENTICAL_SHARE = 0.15

async function loadLocale(code: string): Promise<Record<string, unknown>> {
  const [page, account] = (await Promise.all([
    import(/* @vite-ignore */ `./locales/${code}.ts`),
    import(/* @vite-ignore */ `./locales/account/${code}.ts`),
  ])) as { default: Record<string, unknown> }[]
  return { ...page!.default, ...account!.default }
}

/** Interpolated names, with their format (`count, number`). */
function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)]
    .map((match) => (match[1] ?? '').replace(/\s*,\s*/, ', '))
    .sort()
}

/** Share of keys whose value is exactly the English one (brand names alone do not count). */
function identicalShare(messages: Record<string, unknown>): number {
  const brandOnly = /^(?:Google|WeChat)$/
  const same = englishKeys.filter((key) => {
    const english = englishOf(key)
    return messages[key] === english && !brandOnly.test(english)
  })
  return same.length / englishKeys.length
}

describe('locale files', () => {
  it.each(LANGUAGES)('%s has a locale file and a sign-in dialog file', (code) => {
    expect(existsSync(new URL(`./locales/${code}.ts`, import.meta.url))).toBe(true)
    expect(existsSync(new URL(`./locales/account/${code}.ts`, import.meta.url))).toBe(true)
  })

  it.each(LANGUAGES)('%s has exactly the English keys, plural ones in the forms its language needs', async (code) => {
    const messages = await loadLocale(code)
    expect(Object.keys(messages).sort()).toEqual(expectedKeys(code))
  })

  it('English has one and other of each plural key, and no other form', () => {
    expect(expectedKeys('en')).toEqual(englishKeys)
  })

  it.each(otherLanguages)('%s has only non-empty string values', async (code) => {
    const messages = await loadLocale(code)
    const bad = Object.entries(messages).filter(([, value]) => typeof value !== 'string' || value.trim() === '')
    expect(bad).toEqual([])
  })

  it.each(otherLanguages)('%s keeps every placeholder of the English string', async (code) => {
    const messages = await loadLocale(code)
    const mismatched = Object.keys(messages).filter((key) => {
      const value = messages[key]
      if (typeof value !== 'string') return true
      let expected = placeholders(englishOf(key))
      // A form for exactly zero, one or two may spell its number out ("نتيجة واحدة").
      if (/_(zero|one|two)$/.test(key) && !value.includes('{{'))
        expected = expected.filter((name) => !name.startsWith('count'))
      const actual = placeholders(value)
      const braces = (value.match(/\{\{/g) ?? []).length + (value.match(/\}\}/g) ?? []).length
      return actual.join(',') !== expected.join(',') || braces !== 2 * actual.length
    })
    expect(mismatched).toEqual([])
  })

  it.each(otherLanguages)('%s is translated, not a copy of English', async (code) => {
    const messages = await loadLocale(code)
    expect(identicalShare(messages)).toBeLessThanOrEqual(MAX_IDENTICAL_SHARE)
  })

  it('the copy guard rejects an untranslated copy', () => {
    expect(identicalShare({ ...en })).toBeGreaterThan(MAX_IDENTICAL_SHARE)
  })
})
