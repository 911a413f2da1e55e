import { describe, expect, it } from 'vitest'
import { buildPageHead } from '../../shared/seo/page-head.ts'
import { fakeSite } from '../../test/fake-loader-env.ts'

const site = fakeSite({
  baseInfo: { app_name: 'Example', description: 'Site description' },
  tdk: { detail_page_config: { title: '#资源名称# - #网站名称#', description: '#资源描述#', keywords: '#资源名称#,#分类名称#' } },
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
      site, tdkKey: 'detail_page_config', urls,
      values: { resourceName: 'Book', resourceDescription: `Long ${'x'.repeat(200)}`, categoryName: '' },
    })
    expect(head.title).toBe('Book - Example')
    expect(Array.from(head.description)).toHaveLength(160)
    expect(head.keywords).toBe('Book')
    expect(head.canonical).toBe(urls.canonical)
    expect(head.alternates).toEqual(urls.alternates)
  })

  it('lets the page TDK win and falls back to "name - site" and the site description', () => {
    expect(buildPageHead({ site, tdkKey: 'detail_page_config', urls, pageTdk: { title: 'Own', description: '', keywords: 'k' } }))
      .toMatchObject({ title: 'Own', description: 'Site description', keywords: 'k' })
    expect(buildPageHead({ site, tdkKey: 'post_page_config', urls, fallbackTitle: 'Posts' }).title).toBe('Posts - Example')
    expect(buildPageHead({ site, urls: null }).title).toBe('Example')
  })

  it('uses the page canonical_link everywhere its own address appears, x-default included', () => {
    const head = buildPageHead({ site, urls, ownCanonical: 'https://example.test/about-us' })
    expect(head.canonical).toBe('https://example.test/about-us')
    expect(head.alternates).toEqual([
      { hreflang: 'en', href: 'https://example.test/about-us' },
      { hreflang: 'de', href: 'https://example.test/de/d/x' },
      { hreflang: 'x-default', href: 'https://example.test/about-us' },
    ])
  })
})
