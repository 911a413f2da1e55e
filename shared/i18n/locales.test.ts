import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../types.ts'
import en, { type Messages } from './locales/en.ts'

const englishKeys = Object.keys(en).sort()
const otherLanguages = LANGUAGES.filter((code) => code !== 'en')

/** Share of keys above which a locale counts as an untranslated copy of English. */
const MAX_IDENTICAL_SHARE = 0.15

async function loadLocale(code: string): Promise<Record<string, unknown>> {
  const module = (await import(/* @vite-ignore */ `./locales/${code}.ts`)) as { default: Record<string, unknown> }
  return module.default
}

function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*([^{}\s]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort()
}

/** Share of keys whose value is exactly the English one (brand names alone do not count). */
function identicalShare(messages: Record<string, unknown>): number {
  const brandOnly = /^(?:Google|WeChat)$/
  const same = englishKeys.filter((key) => {
    const english = en[key as keyof Messages]
    return messages[key] === english && !brandOnly.test(english)
  })
  return same.length / englishKeys.length
}

describe('locale files', () => {
  it.each(LANGUAGES)('%s has a locale file', (code) => {
    expect(existsSync(new URL(`./locales/${code}.ts`, import.meta.url))).toBe(true)
  })

  it.each(otherLanguages)('%s has exactly the English keys', async (code) => {
    const messages = await loadLocale(code)
    expect(Object.keys(messages).sort()).toEqual(englishKeys)
  })

  it.each(otherLanguages)('%s has only non-empty string values', async (code) => {
    const messages = await loadLocale(code)
    const bad = Object.entries(messages).filter(([, value]) => typeof value !== 'string' || value.trim() === '')
    expect(bad).toEqual([])
  })

  it.each(otherLanguages)('%s keeps every placeholder of the English string', async (code) => {
    const messages = await loadLocale(code)
    const mismatched = englishKeys.filter((key) => {
      const value = messages[key]
      if (typeof value !== 'string') return true
      const expected = placeholders(en[key as keyof Messages])
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

  it('keeps the required Simplified Chinese wording', async () => {
    const zh = await loadLocale('zh')
    expect(zh.identityVerificationFailed).toBe('身份信息验证失败')
  })
})
