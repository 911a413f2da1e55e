import { describe, expect, it, vi } from 'vitest'
import type { Lang } from '../types.ts'
import en, { type Messages } from './locales/en.ts'
import zhPage from './locales/zh.ts'
import zhAccount from './locales/account/zh.ts'
import { createTranslator } from './translator.ts'

const zh = { ...zhPage, ...zhAccount }

describe('createTranslator', () => {
  const t = createTranslator('zh', zh)

  it('answers in its language, the same text on every call', () => {
    expect(t('backToHome')).toBe('返回首页')
    expect(t('backToHome')).toBe('返回首页')
  })

  it('fills placeholders on every call, never from a remembered text', () => {
    expect(t('resendIn', { seconds: 42 })).toContain('42')
    expect(t('resendIn', { seconds: 7 })).toContain('7')
    expect(t('resendIn', { seconds: 7 })).not.toContain('42')
  })

  it('falls back to English for a key its language lacks', () => {
    const partial = { ...zh, search: undefined } as unknown as typeof zh
    expect(createTranslator('zh', partial, en)('search')).toBe(en.search)
  })

  it('without a fallback answers from its own strings only, a missing key as the key', () => {
    const partial = { ...zh, search: undefined } as unknown as typeof zh
    expect(createTranslator('zh', partial)('search')).toBe('search')
  })

  it.each([
    ['a number placeholder in the language', 'n: {{count, number}}', { count: 12_345 }, 'n: 12,345'],
    ['a plain placeholder as given', '{{a}} and {{ b }}', { a: 1_000, b: 'x' }, '1000 and x'],
    ['an unknown placeholder untouched', 'Hi {{name}}', { other: 1 }, 'Hi {{name}}'],
  ])('fills %s', (_, text, values, expected) => {
    const messages = { ...en, search: text } as unknown as Messages
    expect(createTranslator('en', messages)('search', values)).toBe(expected)
  })

  it('prints number placeholders with the count formatter it is given', () => {
    const messages = { ...en, search: 'n: {{count, number}}' } as unknown as Messages
    expect(createTranslator('en', messages, undefined, (value) => `<${value}>`)('search', { count: 12_345 })).toBe(
      'n: <12345>',
    )
  })

  it('builds one number formatter for the language, not one per value printed', () => {
    const built = vi.spyOn(Intl, 'NumberFormat')
    try {
      const translate = createTranslator('de', { ...en, search: '{{count, number}} Aufrufe' } as unknown as Messages)
      const texts = Array.from({ length: 50 }, (_, index) => translate('search', { count: 10_000 + index }))
      expect(texts.at(-1)).toBe('10.049 Aufrufe')
      expect(built).toHaveBeenCalledTimes(1)
    } finally {
      built.mockRestore()
    }
  })

  it('takes the zero form for a count of 0 where the language has one, the plural form otherwise', () => {
    const messages = { ...en, resultsCount_zero: 'none', resultsCount_other: '{{count}} found' } as unknown as Messages
    const translate = createTranslator('en', messages)
    expect(translate('resultsCount', { count: 0 })).toBe('none')
    expect(translate('resultsCount', { count: 2 })).toBe('2 found')
  })

  it('takes strings added later, also for a key asked for before they came', () => {
    const translate = createTranslator('zh', zhPage)
    expect(translate('register')).toBe('register')
    translate.add(zhAccount)
    expect(translate('register')).toBe(zhAccount.register)
  })

  it('keeps languages apart', () => {
    expect(createTranslator('en', en)('search')).toBe('Search')
    expect(t('search')).toBe(zh.search)
  })
})

describe('plural forms', () => {
  async function translatorOf(language: Lang) {
    const module = (await import(`./locales/${language}.ts`)) as { default: Messages }
    return createTranslator(language, module.default)
  }

  it.each([
    [
      'en',
      [
        [0, '0 results'],
        [1, '1 result'],
        [2, '2 results'],
        [12_345, '12,345 results'],
      ],
    ],
    [
      'de',
      [
        [1, '1 Ergebnis'],
        [5, '5 Ergebnisse'],
      ],
    ],
    [
      'fr',
      [
        [0, '0 résultat'],
        [1, '1 résultat'],
        [2, '2 résultats'],
        [1_000_000, '1 000 000 de résultats'],
      ],
    ],
    [
      'ru',
      [
        [1, '1 результат'],
        [3, '3 результата'],
        [5, '5 результатов'],
        [21, '21 результат'],
        [1.5, '1,5 результата'],
      ],
    ],
    [
      'pl',
      [
        [1, '1 wynik'],
        [3, '3 wyniki'],
        [5, '5 wyników'],
        [22, '22 wyniki'],
      ],
    ],
    [
      'ar',
      [
        [0, 'لا توجد نتائج'],
        [1, 'نتيجة واحدة'],
        [2, 'نتيجتان'],
        [3, '3 نتائج'],
        [11, '11 نتيجة'],
        [100, '100 نتيجة'],
      ],
    ],
    [
      'zh',
      [
        [1, '共 1 条结果'],
        [12_345, '共 12,345 条结果'],
      ],
    ],
    [
      'ja',
      [
        [1, '1件'],
        [3, '3件'],
      ],
    ],
  ] as const)('%s picks the form by count and prints the number in the language', async (language, cases) => {
    const t = await translatorOf(language)
    for (const [count, text] of cases) expect(t('resultsCount', { count }).replace(/\s/g, ' ')).toBe(text)
  })

  it('counts seconds with the plural too', async () => {
    const t = await translatorOf('en')
    expect(t('leavingSiteLead', { count: 1 })).toContain('in 1 second.')
    expect(t('leavingSiteLead', { count: 3 })).toContain('in 3 seconds.')
  })
})
