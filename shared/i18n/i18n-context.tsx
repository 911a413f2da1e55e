import { createContext, useContext, type ReactNode } from 'react'
import type { Locale } from './locale.ts'

const I18nContext = createContext<Locale | null>(null)

/** Provides the page language, its translator and its formatters to every component below. */
export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <I18nContext.Provider value={locale}>{children}</I18nContext.Provider>
}

/** The page language, its translator and its formatters. */
export function useI18n(): Locale {
  const value = useContext(I18nContext)
  if (value === null) throw new Error('useI18n needs an I18nProvider above it')
  return value
}
