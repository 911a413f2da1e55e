import { describe, expect, it } from 'vitest'
import { fakeSite } from '../../test/fake-loader-env.ts'
import { buildPageHead, cutDescription, fillTemplate } from './build-page-head.ts'

describe('fillTemplate', () => {
  it.each([
    ['#搜索词# - #网站名称#', { siteName: 'Demo', searchTerm: 'vue' }, 'vue - Demo'],
    ['#资源名称#|#分类名称#', { siteName: 'S', resourceName: 'Book', categoryName: 'Docs' }, 'Book|Docs'],
    [
      '#榜单平台# #榜单分类# #榜单标签#',
      { siteName: 'S', rankPlatform: 'P', rankCategory: 'C', rankTag: 'T' },
      'P C T',
    ],
    ['#标签名称#: #标签描述#', { siteName: 'S', tagName: 'n', tagDescription: 'd' }, 'n: d'],
    [
      '#文章名称# #文章描述# #资源描述#',
      { siteName: 'S', articleName: 'a', articleDescription: 'b', resourceDescription: 'c' },
      'a b c',
    ],
    ['#网站名称##网站名称#', { siteName: 'X' }, 'XX'],
    // A placeholder without a value becomes empty and takes its brackets or one separator with it.
    ['#搜索词# - #网站名称#', { siteName: 'Demo' }, 'Demo'],
    ['#搜索词#   -   #网站名称#', { siteName: 'Demo', searchTerm: '   ' }, 'Demo'],
    ['#网站名称# | #分类名称#', { siteName: 'Demo' }, 'Demo'],
    ['#榜单平台#上（#榜单分类#）的排行', { siteName: 'S', rankPlatform: '本站' }, '本站上的排行'],
    ['#榜单平台#,热搜榜,#榜单分类#,#榜单标签#', { siteName: 'S', rankPlatform: 'P' }, 'P,热搜榜'],
    ['#标签名称#，#标签描述#，#网站名称#', { siteName: 'S', tagName: 't' }, 't，S'],
    // Owner text around filled placeholders is untouched; a stray NUL in a template is dropped.
    ['C++ - #网站名称# |', { siteName: 'S' }, 'C++ - S |'],
    ['a\u0000b #网站名称#', { siteName: 'S' }, 'ab S'],
  ])('%s', (template, values, expected) => {
    expect(fillTemplate(template, values)).toBe(expected)
  })

  it('never leaves a known placeholder raw', () => {
    const every =
      '#网站名称##搜索词##资源名称##分类名称##榜单平台##榜单分类##榜单标签##资源描述##标签名称##标签描述##文章名称##文章描述#'
    expect(fillTemplate(every, { siteName: '' })).toBe('')
  })
})

describe('cutDescription', () => {
  it('keeps up to 160 characters, counted in code points', () => {
    expect(cutDescription('a'.repeat(160))).toHaveLength(160)
    expect(cutDescription('a'.repeat(161))).toHaveLength(160)
    expect(Array.from(cutDescription('😀'.repeat(200)))).toHaveLength(160)
  })

  it('never splits a surrogate pair or a user-perceived character', () => {
    const cut = cutDescription(`${'a'.repeat(159)}😀tail`)
    expect(cut).toBe(`${'a'.repeat(159)}😀`)
    // A family emoji is one character of several code points: it goes whole or not at all.
    const family = '👨‍👩‍👧'
    expect(cutDescription(`${'a'.repeat(158)}${family}tail`)).toBe('a'.repeat(158))
    expect(cutDescription(`${'a'.repeat(159)}e\u0301tail`)).toBe(`${'a'.repeat(159)}`)
    expect(cutDescription(`${'a'.repeat(158)}e\u0301tail`)).toBe(`${'a'.repeat(158)}e\u0301`)
    for (const text of [`${'a'.repeat(159)}😀`, `${'b'.repeat(161)}`, `${'😀'.repeat(81)}`]) {
      expect(cutDescription(text)).not.toMatch(/[\uD800-\uDBFF]$/)
    }
  })
})

const site = fakeSite({
  baseInfo: { app_name: 'Example', description: 'Site description' },
  tdk: {
    detail_page_config: {
      title: '#资源名称# - #网站名称#',
      description: '#资源描述#',
      keywords: '#资源名称#,#分类名称#',
    },
  },
})
const urls = {
  canonical: 'https://example.test/d/x',
  alternates: [
    { hreflang: 'en', href: 'https://example.test/d/x' },
    { hreflang: 'de', href: 'https://example.test/de/d/x' },
    { hreflang: 'x-default', href: 'https://example.test/d/x' },
  ],
}

describe('buildPageHead', () => {
  it('fills the site TDK of the page kind, cuts the description and keeps the addresses', () => {
    const head = buildPageHead({
      site,
      tdkKey: 'detail_page_config',
      urls,
      values: { resourceName: 'Book', resourceDescription: `Long ${'x'.repeat(200)}`, categoryName: '' },
    })
    expect(head.title).toBe('Book - Example')
    expect(Array.from(head.description)).toHaveLength(160)
    expect(head.keywords).toBe('Book')
    expect(head.canonical).toBe(urls.canonical)
    expect(head.alternates).toEqual(urls.alternates)
  })

  it('lets the page TDK win and falls back to "name - site" and the site description', () => {
    expect(
      buildPageHead({
        site,
        tdkKey: 'detail_page_config',
        urls,
        pageTdk: { title: 'Own', description: '', keywords: 'k' },
      }),
    ).toMatchObject({ title: 'Own', description: 'Site description', keywords: 'k' })
    expect(buildPageHead({ site, tdkKey: 'post_page_config', urls, fallbackTitle: 'Posts' }).title).toBe(
      'Posts - Example',
    )
    expect(buildPageHead({ site, urls: null }).title).toBe('Example')
  })

  it('a page naming its own canonical_link is that one address: no language alternates', () => {
    const head = buildPageHead({ site, urls, ownCanonical: 'https://example.test/about-us' })
    expect(head.canonical).toBe('https://example.test/about-us')
    expect(head.alternates).toBeUndefined()
  })
})
