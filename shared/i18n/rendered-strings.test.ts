import { describe, expect, it } from 'vitest'
import { createFormatters } from './formatters.ts'
import type { Locale } from './locale.ts'
import { readRenderedStrings, recordRenderedStrings, renderedFormats, renderedStringKey } from './rendered-strings.ts'

const locale: Locale = {
  language: 'en',
  t: (key, values) => (values === undefined ? `<${key}>` : `<${key} ${Object.values(values).join(',')}>`),
  format: {
    date: (seconds) => `date ${seconds}`,
    count: (value) => `count ${value}`,
    relative: (seconds, now) => `${now - seconds} s ago`,
  },
  addMessages: () => {},
  ready: () => Promise.resolve(),
}

describe('recordRenderedStrings', () => {
  it('answers as the translator does and notes each call by key and values', () => {
    const {
      locale: { t },
      strings,
    } = recordRenderedStrings(locale)
    expect(t('search')).toBe('<search>')
    expect(t('pageOf', { page: 2, total: 9 })).toBe('<pageOf 2,9>')
    expect(t('pageOf', { page: 3, total: 9 })).toBe('<pageOf 3,9>')
    expect(strings()).toEqual({
      search: '<search>',
      [renderedStringKey('pageOf', { page: 2, total: 9 })]: '<pageOf 2,9>',
      [renderedStringKey('pageOf', { page: 3, total: 9 })]: '<pageOf 3,9>',
    })
  })

  it('tells calls apart by their values, and a call without values from one with empty values', () => {
    expect(renderedStringKey('search')).not.toBe(renderedStringKey('search', {}))
    expect(renderedStringKey('pageOf', { page: 1 })).not.toBe(renderedStringKey('pageOf', { page: '1' }))
  })
})

describe('recorded formats', () => {
  it('are answered from the page first, and by the formatters for a value the page did not carry', () => {
    const recording = recordRenderedStrings(locale)
    expect(recording.locale.format.date(1_700_000_000)).toBe('date 1700000000')
    expect(recording.locale.format.count(12)).toBe('count 12')
    expect(recording.locale.format.relative(100, 160)).toBe('60 s ago')
    const format = renderedFormats(recording.strings(), createFormatters('en'))
    expect([format.date(1_700_000_000), format.count(12), format.relative(100, 160)]).toEqual([
      'date 1700000000',
      'count 12',
      '60 s ago',
    ])
    expect([format.date(1_600_000_000), format.count(13), format.relative(100, 170)]).toEqual([
      'Sep 13, 2020',
      '13',
      '1 minute ago',
    ])
  })
})

describe('readRenderedStrings', () => {
  it.each([
    ['missing', undefined, {}],
    ['not an object', 'search', {}],
    ['an array', ['a'], {}],
    ['with a value that is no string', { search: 'Search', menu: 3 }, { search: 'Search' }],
    ['well formed', { search: 'Search' }, { search: 'Search' }],
  ])('%s', (_name, value, expected) => {
    expect({ ...readRenderedStrings(value) }).toEqual(expected)
  })

  it('reads a name the table lacks as missing, even one every object has, and keeps any name it holds', () => {
    const strings = readRenderedStrings(JSON.parse('{"__proto__":"a","search":"b"}'))
    expect(strings.toString).toBeUndefined()
    expect(strings.constructor).toBeUndefined()
    expect({ ...strings }).toEqual(JSON.parse('{"__proto__":"a","search":"b"}'))
    expect(recordRenderedStrings(locale).strings().valueOf).toBeUndefined()
  })
})
