import { describe, expect, it, vi } from 'vitest'
import { createFormatters, isoDate } from './formatters.ts'

const NOW = Date.UTC(2026, 0, 15, 12) / 1000
const HOUR = 3600

describe('createFormatters', () => {
  it('builds each Intl formatter when first used, once', () => {
    const dates = vi.spyOn(Intl, 'DateTimeFormat')
    const numbers = vi.spyOn(Intl, 'NumberFormat')
    const ages = vi.spyOn(Intl, 'RelativeTimeFormat')
    try {
      const format = createFormatters('fr')
      expect([dates.mock.calls.length, numbers.mock.calls.length, ages.mock.calls.length]).toEqual([0, 0, 0])
      format.count(1)
      format.count(2)
      expect([dates.mock.calls.length, numbers.mock.calls.length, ages.mock.calls.length]).toEqual([0, 1, 0])
      format.date(1_700_000_000)
      format.date(1_600_000_000)
      format.relative(NOW - HOUR, NOW)
      format.relative(NOW - 2 * HOUR, NOW)
      expect([dates.mock.calls.length, numbers.mock.calls.length, ages.mock.calls.length]).toEqual([1, 1, 1])
    } finally {
      for (const spy of [dates, numbers, ages]) spy.mockRestore()
    }
  })

  it.each([
    ['en', 'Nov 14, 2023', '12,345', '3 hours ago', 'yesterday', '2 weeks ago'],
    ['de', '14.11.2023', '12.345', 'vor 3 Stunden', 'gestern', 'vor 2 Wochen'],
    ['zh', '2023年11月14日', '12,345', '3小时前', '昨天', '2周前'],
    ['zh-TW', '2023年11月14日', '12,345', '3 小時前', '昨天', '2 週前'],
    ['ja', '2023/11/14', '12,345', '3 時間前', '昨日', '2 週間前'],
    ['ru', '14 нояб. 2023 г.', '12 345', '3 часа назад', 'вчера', '2 недели назад'],
  ] as const)('%s: dates, counts and ages in the language', (language, date, count, hours, day, weeks) => {
    const format = createFormatters(language)
    expect(format.date(1_700_000_000)).toBe(date)
    expect(format.count(12_345).replace(/\s/g, ' ')).toBe(count)
    expect(format.relative(NOW - 3 * HOUR - 59, NOW)).toBe(hours)
    expect(format.relative(NOW - 30 * HOUR, NOW)).toBe(day)
    expect(format.relative(NOW - 15 * 24 * HOUR, NOW)).toBe(weeks)
  })

  it('prints nothing for unknown or impossible moments, and "now" for a future one', () => {
    const format = createFormatters('en')
    for (const seconds of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, 1e20]) {
      expect(format.date(seconds)).toBe('')
      expect(format.relative(seconds, NOW)).toBe('')
      expect(isoDate(seconds)).toBe('')
    }
    expect(format.relative(NOW + 500, NOW)).toBe('now')
  })

  it('builds each Intl formatter once, not per call', () => {
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat')
    const numberFormat = vi.spyOn(Intl, 'NumberFormat')
    const relativeFormat = vi.spyOn(Intl, 'RelativeTimeFormat')
    const format = createFormatters('fr')
    for (let i = 1; i <= 5; i++) {
      format.date(i * 1_000_000)
      format.count(i)
      format.relative(NOW - i * HOUR, NOW)
    }
    const built = [dateFormat.mock.calls.length, numberFormat.mock.calls.length, relativeFormat.mock.calls.length]
    for (const spy of [dateFormat, numberFormat, relativeFormat]) spy.mockRestore()
    expect(built).toEqual([1, 1, 1])
  })

  it('prints the UTC day of any moment, also past the days it remembers', () => {
    const format = createFormatters('en')
    const reference = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })
    const lastSecond = 1_700_006_399 // 2023-11-14T23:59:59Z
    expect(format.date(lastSecond - 86_399)).toBe('Nov 14, 2023')
    expect(format.date(lastSecond)).toBe('Nov 14, 2023')
    expect(format.date(lastSecond + 1)).toBe('Nov 15, 2023')
    for (let day = 0; day < 5000; day += 1) {
      const seconds = 1_500_000_000 + day * 86_400 + (day % 86_400)
      expect(format.date(seconds)).toBe(reference.format(new Date(seconds * 1000)))
    }
  })

  it('gives the UTC calendar date for <time dateTime>', () => {
    expect(isoDate(1_700_000_000)).toBe('2023-11-14')
  })
})
