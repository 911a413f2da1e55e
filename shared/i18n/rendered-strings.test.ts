import { describe, expect, it } from 'vitest'
import { readRenderedStrings, recordRenderedStrings, renderedStringKey } from './rendered-strings.ts'
import type { Translate } from './translator.ts'

const translate: Translate = (key, values) => (values === undefined ? `<${key}>` : `<${key} ${Object.values(values).join(',')}>`)

describe('recordRenderedStrings', () => {
  it('answers as the translator does and notes each call by key and values', () => {
    const { t, strings } = recordRenderedStrings(translate)
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

describe('readRenderedStrings', () => {
  it.each([
    ['missing', undefined, {}],
    ['not an object', 'search', {}],
    ['an array', ['a'], {}],
    ['with a value that is no string', { search: 'Search', menu: 3 }, { search: 'Search' }],
    ['well formed', { search: 'Search' }, { search: 'Search' }],
  ])('%s', (_name, value, expected) => {
    expect(readRenderedStrings(value)).toEqual(expected)
  })
})
