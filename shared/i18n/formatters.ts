import { dateOfSeconds, isUpstreamTime } from '../rules/upstream-time.ts'
import type { Lang } from '../types.ts'

/** Dates, numbers and ages in one language; each `Intl` formatter is built once, when first used. */
export interface Formatters {
  /** A calendar date (Unix seconds); unknown dates (zero or less, not finite) print nothing. */
  date(seconds: number): string
  /** A count with the language's digits and grouping (12,345 / 12 345 / ١٢٬٣٤٥). */
  count(value: number): string
  /** How long before `nowSeconds` a moment was ("3 hours ago", "vor 3 Stunden", "3 小时前"). */
  relative(seconds: number, nowSeconds: number): string
}

/** Days whose text a language's formatter keeps (a few years of dates; then it starts over). */
const MAX_REMEMBERED_DAYS = 2000

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
]

/**
 * The formatters of one language. The time zone is fixed (UTC) so that the server and the browser
 * print the same text and hydration matches; `relative` takes "now" as an argument for the same
 * reason (the page carries the moment it was rendered). Building an `Intl` formatter loads its
 * language's data, the costliest step of the browser's start on a phone, and most pages use one
 * kind or none: each is built when first asked for.
 */
export function createFormatters(language: Lang): Formatters {
  let dates: Intl.DateTimeFormat | undefined
  let numbers: Intl.NumberFormat | undefined
  let ages: Intl.RelativeTimeFormat | undefined
  // A page prints dozens of dates and Intl's format is the costly part: one text per UTC day.
  const days = new Map<number, string>()
  return {
    date(seconds) {
      if (!isUpstreamTime(seconds)) return ''
      const day = Math.floor(seconds / 86_400)
      let text = days.get(day)
      if (text === undefined) {
        if (days.size >= MAX_REMEMBERED_DAYS) days.clear()
        dates ??= new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' })
        text = dates.format(new Date(day * 86_400_000))
        days.set(day, text)
      }
      return text
    },
    count(value) {
      numbers ??= new Intl.NumberFormat(language)
      return numbers.format(value)
    },
    relative(seconds, nowSeconds) {
      if (!isUpstreamTime(seconds)) return ''
      const age = Math.max(0, nowSeconds - seconds)
      ages ??= new Intl.RelativeTimeFormat(language, { numeric: 'auto' })
      for (const [unit, size] of UNITS) {
        if (age >= size) return ages.format(-Math.floor(age / size), unit)
      }
      return ages.format(0, 'second')
    },
  }
}

/** The machine-readable form of a date for `<time dateTime>` (UTC calendar date); '' when unknown. */
export function isoDate(seconds: number): string {
  return dateOfSeconds(seconds)?.toISOString().slice(0, 10) ?? ''
}
