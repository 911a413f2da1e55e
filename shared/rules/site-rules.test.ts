import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../types.ts'
import { compilePathMapping } from './path-mapping.ts'
import { languageSwitchLinks, toSiteRules } from './site-rules.ts'

function config(parts: { languages?: [string, 0 | 1][]; defaultLanguage?: string; mapping?: unknown }): SiteConfig {
  return {
    language_config: { language_list: (parts.languages ?? []).map(([language, status]) => ({ language, status })) },
    page_config: { global_config: { default_language: parts.defaultLanguage } },
    path_mapping: parts.mapping,
  } as unknown as SiteConfig
}

describe('toSiteRules', () => {
  it('collects languages, default and a cleaned, sorted mapping', () => {
    const rules = toSiteRules(
      config({
        languages: [
          ['zh', 1],
          ['en', 1],
          ['fr', 0],
          ['xx', 1],
        ],
        defaultLanguage: 'zh',
        mapping: [
          { from: '/a', to: '/a' },
          { from: '/post', to: '/articles' },
          { from: '/res/hot', to: '/trending' },
        ],
      }),
    )
    expect(rules).toEqual({
      languages: ['zh', 'en'],
      defaultLanguage: 'zh',
      pathMapping: [
        { from: '/res/hot', to: '/trending' },
        { from: '/post', to: '/articles' },
      ],
    })
  })

  it('is frozen and its mapping is compiled ahead of requests', () => {
    const rules = toSiteRules(config({ mapping: [{ from: '/post', to: '/articles' }] }))
    expect(Object.isFrozen(rules)).toBe(true)
    expect(Object.isFrozen(rules.languages)).toBe(true)
    expect(Object.isFrozen(rules.pathMapping)).toBe(true)
    expect(compilePathMapping(rules.pathMapping).pairs).toBe(rules.pathMapping)
  })

  it.each([
    ['no mapping', undefined],
    ['mapping is not a list', { from: '/a', to: '/b' }],
  ])('%s → empty mapping', (_name, mapping) => {
    expect(toSiteRules(config({ mapping })).pathMapping).toEqual([])
  })

  it('defaults to zh', () => {
    expect(toSiteRules(config({ languages: [['en', 1]] }))).toMatchObject({
      languages: ['zh', 'en'],
      defaultLanguage: 'zh',
    })
  })
})

describe('languageSwitchLinks', () => {
  const rules = toSiteRules(
    config({
      languages: [
        ['zh', 1],
        ['en', 1],
        ['zh-TW', 1],
        ['ja', 0],
      ],
      defaultLanguage: 'zh',
      mapping: [{ from: '/post', to: '/articles' }],
    }),
  )

  it.each([
    [
      '/',
      [
        ['zh', '/'],
        ['en', '/en'],
        ['zh-TW', '/zh-TW'],
      ],
    ],
    [
      '/res/new',
      [
        ['zh', '/res/new'],
        ['en', '/en/res/new'],
        ['zh-TW', '/zh-TW/res/new'],
      ],
    ],
    [
      '/articles/1',
      [
        ['zh', '/articles/1'],
        ['en', '/en/articles/1'],
        ['zh-TW', '/zh-TW/articles/1'],
      ],
    ],
    [
      '/post/1',
      [
        ['zh', '/articles/1'],
        ['en', '/en/articles/1'],
        ['zh-TW', '/zh-TW/articles/1'],
      ],
    ],
    [
      '/s?query=a#r',
      [
        ['zh', '/s?query=a#r'],
        ['en', '/en/s?query=a#r'],
        ['zh-TW', '/zh-TW/s?query=a#r'],
      ],
    ],
  ])('%s', (path, expected) => {
    expect(languageSwitchLinks(path, rules)).toEqual(expected.map(([lang, href]) => ({ lang, href })))
  })

  it('keeps the default language unprefixed when it is not zh', () => {
    const english = toSiteRules(
      config({
        languages: [
          ['en', 1],
          ['zh', 1],
        ],
        defaultLanguage: 'en',
      }),
    )
    expect(languageSwitchLinks('/x', english)).toEqual([
      { lang: 'en', href: '/x' },
      { lang: 'zh', href: '/zh/x' },
    ])
  })
})
