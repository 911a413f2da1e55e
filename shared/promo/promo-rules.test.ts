import { describe, expect, it } from 'vitest'
import {
  hidePromo,
  parseHiddenPromos,
  selectPromo,
  servablePromos,
  type HiddenPromo,
  type PromoView,
} from './promo-rules.ts'

const NOW = 1_750_000_000_000
const NOW_S = NOW / 1000
const HOUR = 3_600_000
// SPEC §9: a closed promo stays hidden for 24 h.
const PROMO_HIDDEN_MS = 24 * HOUR

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

describe('selectPromo', () => {
  it.each<[string, PromoView[], HiddenPromo[], string | null]>([
    ['an active promo', [promo('a')], [], 'a'],
    ['nothing when there is no promo', [], [], null],
    ['not before start_ts', [promo('a', { start_ts: NOW_S + 1 })], [], null],
    ['not after end_ts', [promo('a', { end_ts: NOW_S - 1 })], [], null],
    ['on the first second of the window', [promo('a', { start_ts: NOW_S })], [], 'a'],
    ['on the last second of the window', [promo('a', { end_ts: NOW_S })], [], 'a'],
    ['not when is_show is 0', [promo('a', { is_show: 0 })], [], null],
    ['not when hidden an hour ago', [promo('a')], [{ title: 'a', hidden_time: NOW - HOUR }], null],
    [
      'not when hidden just under 24 h ago',
      [promo('a')],
      [{ title: 'a', hidden_time: NOW - PROMO_HIDDEN_MS + 1 }],
      null,
    ],
    ['again 24 h after hiding', [promo('a')], [{ title: 'a', hidden_time: NOW - PROMO_HIDDEN_MS }], 'a'],
    ['when another title was hidden', [promo('a')], [{ title: 'b', hidden_time: NOW - HOUR }], 'a'],
    ['a picture promo', [promo('a', { type: 1 })], [], 'a'],
    ['not picture-and-text', [promo('a', { type: 3 })], [], null],
    ...[1, 3, 4, 5, 6, 7].map((position): [string, PromoView[], HiddenPromo[], string | null] => [
      `not at position ${position}`,
      [promo('a', { position: position as PromoView['position'] })],
      [],
      null,
    ]),
    ['the first eligible one', [promo('a'), promo('b')], [], 'a'],
    [
      'skips ineligible ones to the first eligible',
      [
        promo('a', { is_show: 0 }),
        promo('b', { end_ts: NOW_S - 5 }),
        promo('c', { position: 5 }),
        promo('d'),
        promo('e'),
      ],
      [],
      'd',
    ],
    ['skips a hidden one to the next', [promo('a'), promo('b')], [{ title: 'a', hidden_time: NOW - HOUR }], 'b'],
    ['ignores a record from the future', [promo('a')], [{ title: 'a', hidden_time: NOW + HOUR }], 'a'],
  ])('%s', (_name, promos, hidden, expected) => {
    expect(selectPromo(promos, NOW, hidden)?.title ?? null).toBe(expected)
  })
})

describe('servablePromos', () => {
  const MINUTE_S = 60
  const DAY_S = 86_400
  // A page kept for ten minutes by the caches.
  const LIFETIME = 10 * 60_000
  it.each<[string, Partial<PromoView>, number, boolean]>([
    ['an open promo', {}, LIFETIME, true],
    ['one that ended yesterday', { start_ts: NOW_S - 40 * DAY_S, end_ts: NOW_S - DAY_S }, LIFETIME, false],
    ['one that ended a second ago', { end_ts: NOW_S - 1 }, LIFETIME, false],
    ['one that ends this second', { end_ts: NOW_S }, LIFETIME, true],
    ['one that ends while the page is kept', { end_ts: NOW_S + MINUTE_S }, LIFETIME, true],
    ['one switched off', { is_show: 0 }, LIFETIME, false],
    ['one that opens while the page is kept', { start_ts: NOW_S + 5 * MINUTE_S }, LIFETIME, true],
    ['one that opens as the page expires', { start_ts: NOW_S + 10 * MINUTE_S }, LIFETIME, true],
    ['one that opens after the page expires', { start_ts: NOW_S + 10 * MINUTE_S + 1 }, LIFETIME, false],
    ['one that opens tomorrow', { start_ts: NOW_S + DAY_S, end_ts: NOW_S + 2 * DAY_S }, LIFETIME, false],
    ['one that opens in a minute, on a page kept by nothing', { start_ts: NOW_S + MINUTE_S }, 0, false],
    ['an open one, on a page kept by nothing', {}, 0, true],
    [
      'one whose window ends before it starts',
      { start_ts: NOW_S - MINUTE_S, end_ts: NOW_S - 2 * MINUTE_S },
      LIFETIME,
      false,
    ],
    ['a picture promo', { type: 1 }, LIFETIME, true],
    ['not picture-and-text', { type: 3 }, LIFETIME, false],
    ['not an article banner', { position: 5 }, LIFETIME, false],
  ])('%s', (_name, overrides, lifetimeMs, kept) => {
    expect(servablePromos([promo('a', overrides)], NOW, lifetimeMs).map((candidate) => candidate.title)).toEqual(
      kept ? ['a'] : [],
    )
  })

  it('keeps the upstream order of the ones it keeps', () => {
    const promos = [
      promo('a'),
      promo('gone', { end_ts: NOW_S - DAY_S }),
      promo('b', { start_ts: NOW_S + 60 }),
      promo('off', { is_show: 0 }),
      promo('c'),
    ]
    expect(servablePromos(promos, NOW, LIFETIME).map((candidate) => candidate.title)).toEqual(['a', 'b', 'c'])
  })
})

describe('parseHiddenPromos', () => {
  it.each<[string, string | null, HiddenPromo[]]>([
    ['nothing stored', null, []],
    ['not JSON', '{oops', []],
    ['not a list', '{"title":"a","hidden_time":1}', []],
    [
      'a fresh record',
      JSON.stringify([{ title: 'a', hidden_time: NOW - HOUR }]),
      [{ title: 'a', hidden_time: NOW - HOUR }],
    ],
    ['a stale record dropped', JSON.stringify([{ title: 'a', hidden_time: NOW - 2 * PROMO_HIDDEN_MS }]), []],
    [
      'malformed entries dropped',
      JSON.stringify([
        null,
        1,
        { title: 2, hidden_time: NOW },
        { title: 'b', hidden_time: 'x' },
        { title: 'c', hidden_time: NOW },
      ]),
      [{ title: 'c', hidden_time: NOW }],
    ],
  ])('%s', (_name, raw, expected) => {
    expect(parseHiddenPromos(raw, NOW)).toEqual(expected)
  })
})

describe('hidePromo', () => {
  it('adds one record per title and drops stale ones', () => {
    const records = [
      { title: 'a', hidden_time: NOW - HOUR },
      { title: 'old', hidden_time: NOW - 2 * PROMO_HIDDEN_MS },
    ]
    expect(hidePromo(records, 'a', NOW)).toEqual([{ title: 'a', hidden_time: NOW }])
    expect(hidePromo(records, 'b', NOW)).toEqual([
      { title: 'a', hidden_time: NOW - HOUR },
      { title: 'b', hidden_time: NOW },
    ])
  })
})
