import { describe, expect, it } from 'vitest'
import { eligiblePromoIndex, promoHeadScript } from './promo-head-script.ts'
import { parseHiddenPromos, selectPromo, type PromoView } from './promo-rules.ts'

const NOW = 1_750_000_000_000
const NOW_S = NOW / 1000
const HOUR = 3_600_000

function promo(title: string, overrides: Partial<PromoView> = {}): PromoView {
  return {
    title,
    description: '',
    url: '/x',
    img_url: '',
    type: 2,
    position: 2,
    allowed_close: 1,
    is_show: 1,
    start_ts: NOW_S - 3600,
    end_ts: NOW_S + 3600,
    ...overrides,
  }
}

const LISTS: PromoView[][] = [
  [],
  [promo('a')],
  [promo('a'), promo('b')],
  [promo('a', { start_ts: NOW_S + 1 }), promo('b')],
  [promo('a', { end_ts: NOW_S - 1 }), promo('b', { end_ts: NOW_S })],
  [promo('a', { start_ts: NOW_S }), promo('b')],
  [promo('a'), promo('a'), promo('c')],
]
const STORED: (string | null)[] = [
  null,
  '',
  'not json',
  '{"title":"a"}',
  JSON.stringify([{ title: 'a', hidden_time: NOW - HOUR }]),
  JSON.stringify([{ title: 'a', hidden_time: NOW - 24 * HOUR }]),
  JSON.stringify([
    { title: 'a', hidden_time: NOW - 24 * HOUR + 1 },
    { title: 'b', hidden_time: NOW - 1 },
  ]),
  JSON.stringify([{ title: 'b', hidden_time: NOW + HOUR }]),
  JSON.stringify([
    null,
    3,
    { title: 5, hidden_time: NOW },
    { title: 'a', hidden_time: 'soon' },
    { title: 'b', hidden_time: NOW - HOUR },
  ]),
]

describe('the promo head script', () => {
  it('chooses the same promo as selectPromo, for every list, hidden record and time', () => {
    for (const promos of LISTS) {
      for (const stored of STORED) {
        const chosen = selectPromo(promos, NOW, parseHiddenPromos(stored, NOW))
        expect(
          eligiblePromoIndex(promos, NOW, stored),
          `${JSON.stringify(promos.map((p) => p.title))} with ${stored}`,
        ).toBe(chosen === null ? -1 : promos.indexOf(chosen))
      }
    }
  })

  it('marks <html data-promo> in a browser-like global, and nothing when storage throws', () => {
    const run = (script: string, storage: { getItem: (key: string) => string | null }) => {
      const attributes: Record<string, string> = {}
      const document = {
        documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
      }
      new Function('document', 'localStorage', 'Date', script)(document, storage, { now: () => NOW })
      return attributes
    }
    const script = promoHeadScript([promo('a'), promo('b')])
    expect(run(script, { getItem: () => JSON.stringify([{ title: 'a', hidden_time: NOW - HOUR }]) })).toEqual({
      'data-promo': '1',
    })
    expect(run(script, { getItem: () => null })).toEqual({ 'data-promo': '0' })
    expect(
      run(script, {
        getItem: () => {
          throw new Error('storage is off')
        },
      }),
    ).toEqual({})
    expect(script).not.toContain('</')
  })
})
