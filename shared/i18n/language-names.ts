import type { Lang } from '../types.ts'

/** Each language's own name, as a visitor looks for it in a language menu. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  zh: '简体中文',
  en: 'English',
  fr: 'Français',
  'zh-TW': '繁體中文',
  de: 'Deutsch',
  ja: '日本語',
  ko: '한국어',
  ru: 'Русский',
  pt: 'Português',
  it: 'Italiano',
  th: 'ไทย',
  id: 'Bahasa Indonesia',
  ms: 'Bahasa Melayu',
  vi: 'Tiếng Việt',
  hi: 'हिन्दी',
  nl: 'Nederlands',
  sv: 'Svenska',
  tr: 'Türkçe',
  pl: 'Polski',
  fil: 'Filipino',
  ar: 'العربية',
}

/** Languages written right to left. */
export function isRightToLeft(language: Lang): boolean {
  return language === 'ar'
}
