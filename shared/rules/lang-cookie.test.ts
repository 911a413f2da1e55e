import { describe, expect, it } from 'vitest'
import type { Lang } from '../types.ts'
import { langCookie, shouldSetLangCookie } from './lang-cookie.ts'

describe('langCookie', () => {
  it.each<[Lang, string]>([
    ['en', 'lang=en; Max-Age=31536000; Path=/; SameSite=Lax'],
    ['zh', 'lang=zh; Max-Age=31536000; Path=/; SameSite=Lax'],
    ['zh-TW', 'lang=zh-TW; Max-Age=31536000; Path=/; SameSite=Lax'],
  ])('%s', (lang, expected) => {
    expect(langCookie(lang)).toBe(expected)
  })
})

describe('shouldSetLangCookie', () => {
  it.each<[string | undefined, Lang, boolean]>([
    [undefined, 'zh', true],
    ['', 'zh', true],
    ['en', 'zh', true],
    ['zh', 'zh', false],
    ['zh-tw', 'zh-TW', true],
    ['zh-TW', 'zh-TW', false],
    ['garbage', 'en', true],
  ])('cookie %j on a %s page → %s', (cookie, pageLang, expected) => {
    expect(shouldSetLangCookie(cookie, pageLang)).toBe(expected)
  })
})
