import { describe, expect, it } from 'vitest'
import en from './locales/en.ts'
import zh from './locales/zh.ts'
import { createTranslator } from './translator.ts'

describe('createTranslator', () => {
  const t = createTranslator('zh', zh)

  it('answers in its language, the same text on every call', () => {
    expect(t('identityVerificationFailed')).toBe('身份信息验证失败')
    expect(t('identityVerificationFailed')).toBe('身份信息验证失败')
  })

  it('fills placeholders on every call, never from a remembered text', () => {
    expect(t('resendIn', { seconds: 42 })).toContain('42')
    expect(t('resendIn', { seconds: 7 })).toContain('7')
    expect(t('resendIn', { seconds: 7 })).not.toContain('42')
  })

  it('falls back to English for a key its language lacks', () => {
    const partial = { ...zh, search: undefined } as unknown as typeof zh
    expect(createTranslator('zh', partial)('search')).toBe(en.search)
  })

  it('keeps languages apart', () => {
    expect(createTranslator('en', en)('search')).toBe('Search')
    expect(t('search')).toBe(zh.search)
  })
})
