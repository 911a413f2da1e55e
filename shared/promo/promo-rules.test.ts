import { describe, expect, it } from 'vitest'
import { hidePromo, parseHiddenPromos, selectPromo, type HiddenPromo, type PromoView } from './promo-rules.ts'

const NOW = 1_750_000_000_000
const NOW_S = NOW / 1000
const HOUR = 3_600_000
// SPEC §9: a closed promo stays hidden for 24 h.
const PROMO_HIDDEN_MS = 24 * HOUR

function promo(title: string, overrides: Partial<PromoView> = {}): PromoView {
  return {
    title, description: '', url: '/x', img_url: '', type: 2, position: 2, allowed_close: 1, is_show: 1,
    start_ts: NOW_S - 3600, end_ts: NOW_S + 3600, ...overrides,
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
    ['not when hidden just under 24 h ago', [promo('a')], [{ title: 'a', hidden_time: NOW - PROMO_HIDDEN_MS + 1 }], null],
    ['again 24 h after hiding', [promo('a')], [{ title: 'a', hidden_time: NOW - PROMO_HIDDEN_MS }], 'a'],
    ['when another title was hidden', [promo('a')], [{ title: 'b', hidden_time: NOW - HOUR }], 'a'],
    ['a picture promo', [promo('a', { type: 1 })], [], 'a'],
    ['not picture-and-text', [promo('a', { type: 3 })], [], null],
    ...[1, 3, 4, 5, 6, 7].map((position): [string, PromoView[], HiddenPromo[], string | null] =>
      [`not at position ${position}`, [promo('a', { position: position as PromoView['position'] })], [], null]),
    ['the first eligible one', [promo('a'), promo('b')], [], 'a'],
    ['skips ineligible ones to the first eligible', [promo('a', { is_show: 0 }), promo('b', { end_ts: NOW_S - 5 }), promo('c', { position: 5 }), promo('d'), promo('e')], [], 'd'],
    ['skips a hidden one to the next', [promo('a'), promo('b')], [{ title: 'a', hidden_time: NOW - HOUR }], 'b'],
    ['ignores a record from the future', [promo('a')], [{ title: 'a', hidden_time: NOW + HOUR }], 'a'],
  ])('%s', (_name, promos, hidden, expected) => {
    expect(selectPromo(promos, NOW, hidden)?.title ?? null).toBe(expected)
  })
})

describe('parseHiddenPromos', () => {
  it.each<[string, string | null, HiddenPromo[]]>([
    ['nothing stored', null, []],
    ['not JSON', '{oops', []],
    ['not a list', '{"title":"a","hidden_time":1}', []],
    ['a fresh record', JSON.stringify([{ title: 'a', hidden_time: NOW - HOUR }]), [{ title: 'a', hidden_time: NOW - HOUR }]],
    ['a stale record dropped', JSON.stringify([{ title: 'a', hidden_time: NOW - 2 * PROMO_HIDDEN_MS }]), []],
    ['malformed entries dropped', JSON.stringify([null, 1, { title: 2, hidden_time: NOW }, { title: 'b', hidden_time: 'x' }, { title: 'c', hidden_time: NOW }]), [{ title: 'c', hidden_time: NOW }]],
  ])('%s', (_name, raw, expected) => {
    expect(parseHiddenPromos(raw, NOW)).toEqual(expected)
  })
})

describe('hidePromo', () => {
  it('adds one record per title and drops stale ones', () => {
    const records = [{ title: 'a', hidden_time: NOW - HOUR }, { title: 'old', hidden_time: NOW - 2 * PROMO_HIDDEN_MS }]
    expect(hidePromo(records, 'a', NOW)).toEqual([{ title: 'a', hidden_time: NOW }])
    expect(hidePromo(records, 'b', NOW)).toEqual([{ title: 'a', hidden_time: NOW - HOUR }, { title: 'b', hidden_time: NOW }])
  })
})
