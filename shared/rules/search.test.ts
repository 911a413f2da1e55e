import { describe, expect, it } from 'vitest'
import type { GlobalConfig, SiteConfig } from '../types.ts'
import { searchRouteOf, searchTypeOf } from './search.ts'

function site(searchRoute: unknown): SiteConfig {
  return { page_config: { global_config: { search_route: searchRoute } } } as unknown as SiteConfig
}

describe('searchRouteOf', () => {
  it.each([
    ['s', 's'],
    ['find', 'find'],
    ['so-su_2', 'so-su_2'],
    ['Search', 'Search'],
    ['/find', 'find'],
    ['find/', 'find'],
    [' find ', 'find'],
    [undefined, 's'],
    [null, 's'],
    [7, 's'],
    ['', 's'],
    ['/', 's'],
    ['a/b', 's'],
    ['a b', 's'],
    ['a.b', 's'],
    ['%2F', 's'],
    ['..', 's'],
    ['//evil.com', 's'],
    ['搜索', 's'],
    ['en', 's'],
    ['zh-TW', 's'],
    ['ZH-tw', 's'],
    ['post', 's'],
    ['Feedback', 's'],
    ['404', 's'],
  ])('search_route %j → %j', (value, expected) => {
    expect(searchRouteOf(site(value))).toBe(expected)
  })

  it('defaults when the config has no global_config', () => {
    expect(searchRouteOf({} as SiteConfig)).toBe('s')
  })
})

describe('searchTypeOf', () => {
  it.each<[string, Partial<GlobalConfig> | undefined, number]>([
    ['search_type wins', { search_type: 3, fuzzy_matching_switch: 1 }, 3],
    ['search_type 1', { search_type: 1 }, 1],
    ['search_type 0 falls back to the switch', { search_type: 0, fuzzy_matching_switch: 1 }, 2],
    ['negative search_type', { search_type: -2 }, 1],
    ['fractional search_type', { search_type: 1.5, fuzzy_matching_switch: 0 }, 1],
    ['NaN search_type', { search_type: Number.NaN }, 1],
    ['string search_type', { search_type: '2' as unknown as number }, 1],
    ['switch on', { fuzzy_matching_switch: 1 }, 2],
    ['switch off', { fuzzy_matching_switch: 0 }, 1],
    ['switch missing', {}, 1],
    ['switch out of range', { fuzzy_matching_switch: 5 as unknown as 1 }, 1],
    ['no config', undefined, 1],
  ])('%s', (_name, config, expected) => {
    expect(searchTypeOf(config)).toBe(expected)
  })
})
