import type { Lang } from '../../types.ts'

const dateFormats = new Map<Lang, Intl.DateTimeFormat>()
const numberFormats = new Map<Lang, Intl.NumberFormat>()

/**
 * A date (seconds since the epoch) in the page language. UTC is fixed so that the server and the
 * browser print the same text and hydration matches. Zero or less (unknown) prints nothing.
 */
export function formatDate(seconds: number, language: Lang): string {
  if (!(seconds > 0)) return ''
  let format = dateFormats.get(language)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' })
    dateFormats.set(language, format)
  }
  return format.format(new Date(seconds * 1000))
}

/** The `datetime` attribute of a `<time>` (UTC calendar date). */
export function isoDate(seconds: number): string {
  return seconds > 0 ? new Date(seconds * 1000).toISOString().slice(0, 10) : ''
}

/** A count with the language's digit grouping (12,345 / 12 345). */
export function formatCount(count: number, language: Lang): string {
  let format = numberFormats.get(language)
  if (format === undefined) {
    format = new Intl.NumberFormat(language)
    numberFormats.set(language, format)
  }
  return format.format(count)
}

/**
 * An image address from upstream data that is safe in `src`: http(s), same-site paths and inline
 * raster or SVG data. Anything else (javascript:, unknown schemes) is dropped.
 */
export function safeImageSrc(url: string | undefined): string | undefined {
  const trimmed = url?.trim() ?? ''
  if (/^https?:\/\//i.test(trimmed)) return trimmed
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed
  if (/^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i.test(trimmed)) return trimmed
  return undefined
}

/** An outbound link from upstream data that is safe in `href`: http(s) only. */
export function safeExternalHref(url: string): string | undefined {
  const trimmed = url.trim()
  return /^https?:\/\/[^\s/]/i.test(trimmed) ? trimmed : undefined
}
