import { describe, expect, it } from 'vitest'
import { withoutPageHeads, withoutRootData, type HydrationState } from './hydration.ts'

const pageHead = { title: 'Hot', description: '', keywords: '', canonical: 'http://res.localhost/res/hot' }
const siteHead = {
  siteName: 'Res',
  favicon: '',
  image: '',
  locale: 'zh_CN',
  localeAlternates: [],
  feed: '',
  code: [],
  pageCode: {},
}

describe('withoutPageHeads', () => {
  it.each<[string, unknown, unknown]>([
    ['a page route loses its head', { kind: 'res-list', head: pageHead, rows: [] }, { kind: 'res-list', rows: [] }],
    ['data without a head stays as it is', { promos: [] }, { promos: [] }],
    ['null data stays null', null, null],
    ['an array stays as it is', [{ head: pageHead }], [{ head: pageHead }]],
  ])('%s', (_name, value, expected) => {
    const state: HydrationState = { loaderData: { 'res-hot': value }, errors: null, deferred: {} }
    expect(withoutPageHeads(state).loaderData['res-hot']).toEqual(expected)
  })

  it('keeps the root head (the site part every later navigation needs) and the rest of the state', () => {
    const state: HydrationState = {
      loaderData: {
        root: { head: siteHead, language: 'zh' },
        'res-hot': { head: pageHead, aside: { ok: true, value: 1 } },
      },
      errors: null,
      deferred: { 'res-hot': ['aside'] },
    }
    expect(withoutPageHeads(state)).toEqual({
      loaderData: { root: { head: siteHead, language: 'zh' }, 'res-hot': { aside: { ok: true, value: 1 } } },
      errors: null,
      deferred: { 'res-hot': ['aside'] },
    })
    // The server's own state is left alone: it may still be needed after the document end is written.
    expect(state.loaderData['res-hot']).toHaveProperty('head')
  })
})

describe('withoutRootData', () => {
  it.each<[string, HydrationState, HydrationState]>([
    [
      'the root data and its deferred fields go, the rest stays',
      {
        loaderData: { root: { head: siteHead }, main: { promos: [] }, s: { head: pageHead } },
        errors: null,
        deferred: { root: ['later'], s: ['aside'] },
      },
      { loaderData: { main: { promos: [] }, s: { head: pageHead } }, errors: null, deferred: { s: ['aside'] } },
    ],
    [
      'a root error stays',
      { loaderData: {}, errors: { root: { __type: 'Error', message: 'Unexpected Server Error' } }, deferred: {} },
      { loaderData: {}, errors: { root: { __type: 'Error', message: 'Unexpected Server Error' } }, deferred: {} },
    ],
  ])('%s', (_name, state, expected) => {
    expect(withoutRootData(state)).toEqual(expected)
  })
})
