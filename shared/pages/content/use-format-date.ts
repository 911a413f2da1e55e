import { useMemo } from 'react'
import { useI18n } from '../../i18n/i18n-context.tsx'

/**
 * Formats Unix seconds as a date in the page language. The time zone is fixed (UTC) so the server
 * and the browser print the same text and hydration matches.
 */
export function useFormatDate(): (seconds: number) => string {
  const { language } = useI18n()
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
    return (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? format.format(new Date(seconds * 1000)) : '')
  }, [language])
}

/** The machine-readable form for `<time dateTime>`. */
export function isoDate(seconds: number): string | undefined {
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : undefined
}
