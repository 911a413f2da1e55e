import type { Lang } from '../../types.ts'

const formats = new Map<Lang, Intl.DateTimeFormat>()

/**
 * A date (seconds since the epoch) in the page language. The time zone is fixed to UTC so the
 * server and the browser print the same text and hydration matches.
 */
export function formatDate(seconds: number, language: Lang): string {
  let format = formats.get(language)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' })
    formats.set(language, format)
  }
  return format.format(new Date(seconds * 1000))
}

/** The `datetime` attribute of a `<time>` (UTC calendar date). */
export function toIsoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10)
}
