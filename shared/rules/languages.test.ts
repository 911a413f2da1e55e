import { describe, expect, it } from 'vitest'
import type { Lang, SiteConfig } from '../types.ts'
import {
  defaultLanguageOf,
  enabledLanguages,
  isLocalAbsolutePath,
  parseLanguage,
  splitLanguagePrefix,
  withLanguagePrefix,
} from './languages.ts'

function site(list: unknown, defaultLanguage?: unknown): SiteConfig {
  return {
    language_config: { language_list: list },
    page_config: { global_config: defaultLanguage === undefined ? {} : { default_language: defaultLanguage } },
  } as unknown as SiteConfig
}

describe('parseLanguage', () => {
  it.each([
    ['en', 'en'],
    ['EN', 'en'],
    ['zh-TW', 'zh-TW'],
    ['zh-tw', 'zh-TW'],
    ['ZH-TW', 'zh-TW'],
    ['fil', 'fil'],
    ['es', undefined],
    ['zh-CN', undefined],
    ['', undefined],
    [42, undefined],
    [undefined, undefined],
  ])('%j → %j', (value, expected) => {
    expect(parseLanguage(value)).toBe(expected)
  })
})

describe('defaultLanguageOf', () => {
  it.each([
    ['en', 'en'],
    ['zh-TW', 'zh-TW'],
    ['JA', 'ja'],
    [undefined, 'zh'],
    ['', 'zh'],
    ['klingon', 'zh'],
    [7, 'zh'],
  ])('default_language %j → %s', (value, expected) => {
    expect(defaultLanguageOf(site([], value))).toBe(expected)
  })

  it('survives a config without page_config', () => {
    expect(defaultLanguageOf({} as SiteConfig)).toBe('zh')
  })
})

describe('enabledLanguages', () => {
  it.each<[string, unknown, unknown, Lang[]]>([
    [
      'status 1 only, list order',
      [
        { language: 'zh', status: 1 },
        { language: 'fr', status: 1 },
        { language: 'en', status: 0 },
      ],
      'zh',
      ['zh', 'fr'],
    ],
    [
      'unknown codes ignored',
      [
        { language: 'zh', status: 1 },
        { language: 'xx', status: 1 },
        { language: 'en', status: 1 },
      ],
      'zh',
      ['zh', 'en'],
    ],
    [
      'duplicates dropped',
      [
        { language: 'en', status: 1 },
        { language: 'en', status: 1 },
        { language: 'zh', status: 1 },
      ],
      'zh',
      ['en', 'zh'],
    ],
    [
      'forgotten default goes first',
      [
        { language: 'en', status: 1 },
        { language: 'ja', status: 1 },
      ],
      'de',
      ['de', 'en', 'ja'],
    ],
    [
      'disabled default still enabled',
      [
        { language: 'en', status: 1 },
        { language: 'zh', status: 0 },
      ],
      'zh',
      ['zh', 'en'],
    ],
    ['missing list', undefined, 'en', ['en']],
    ['list is not an array', { en: 1 }, undefined, ['zh']],
    ['null entries skipped', [null, { language: 'en', status: 1 }], 'zh', ['zh', 'en']],
    [
      'status must be exactly 1',
      [
        { language: 'en', status: '1' },
        { language: 'fr', status: true },
      ],
      'zh',
      ['zh'],
    ],
    ['codes in other letter case accepted', [{ language: 'ZH-tw', status: 1 }], 'zh', ['zh', 'zh-TW']],
  ])('%s', (_name, list, defaultLanguage, expected) => {
    expect(enabledLanguages(site(list, defaultLanguage))).toEqual(expected)
  })
})

describe('splitLanguagePrefix', () => {
  it.each([
    ['/en', { lang: 'en', segment: 'en', rest: '' }],
    ['/en/', { lang: 'en', segment: 'en', rest: '/' }],
    ['/en/post/1', { lang: 'en', segment: 'en', rest: '/post/1' }],
    ['/EN/post', { lang: 'en', segment: 'EN', rest: '/post' }],
    ['/zh-tw/x', { lang: 'zh-TW', segment: 'zh-tw', rest: '/x' }],
    ['/%65n/x', { lang: 'en', segment: '%65n', rest: '/x' }],
    ['/english/x', undefined],
    ['/es/x', undefined],
    ['/', undefined],
    ['en/x', undefined],
    ['/%zz/x', undefined],
    ['//en', undefined],
  ])('%s', (path, expected) => {
    expect(splitLanguagePrefix(path)).toEqual(expected)
  })
})

describe('withLanguagePrefix', () => {
  it.each<[string, Lang, Lang, string]>([
    ['/post/1', 'en', 'zh', '/en/post/1'],
    ['/post/1', 'zh', 'zh', '/post/1'],
    ['/', 'en', 'zh', '/en'],
    ['/', 'zh', 'zh', '/'],
    ['/?q=1', 'en', 'zh', '/en?q=1'],
    ['/#top', 'ja', 'zh', '/ja#top'],
    ['/s?query=a#r', 'zh-TW', 'en', '/zh-TW/s?query=a#r'],
    ['https://elsewhere.example/x', 'en', 'zh', 'https://elsewhere.example/x'],
    ['//elsewhere.example/x', 'en', 'zh', '//elsewhere.example/x'],
    ['/\\elsewhere.example', 'en', 'zh', '/\\elsewhere.example'],
    ['#top', 'en', 'zh', '#top'],
    ['mailto:a@b.example', 'en', 'zh', 'mailto:a@b.example'],
  ])('%s in %s (default %s) → %s', (path, lang, defaultLang, expected) => {
    expect(withLanguagePrefix(path, lang, defaultLang)).toBe(expected)
  })
})

describe('isLocalAbsolutePath', () => {
  it.each([
    ['/', true],
    ['/a', true],
    ['//a', false],
    ['/\\a', false],
    ['a', false],
    ['', false],
    ['https://a', false],
  ])('%j → %s', (href, expected) => {
    expect(isLocalAbsolutePath(href)).toBe(expected)
  })
})
