import { createContext, useContext, type ReactNode } from 'react'
import type { Lang } from '../types.ts'
import type { Translate } from './translator.ts'

interface I18nValue { language: Lang; t: Translate }

const I18nContext = createContext<I18nValue | null>(null)

/** Provides the page language and its translator to every component below. */
export function I18nProvider({ language, t, children }: I18nValue & { children: ReactNode }) {
  return <I18nContext.Provider value={{ language, t }}>{children}</I18nContext.Provider>
}

/** The translator of the page language. */
export function useI18n(): I18nValue {
  const value = useContext(I18nContext)
  if (value === null) throw new Error('useI18n needs an I18nProvider above it')
  return value
}
