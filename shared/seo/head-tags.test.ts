import { describe, expect, it } from 'vitest'
import type { HeadTag, PageHead, SiteHead } from '../data/page-head.ts'
import { headTagKey, renderHeadTags } from './head-tag.ts'
import { errorHead, toHeadTags } from './head-tags.ts'

const site: SiteHead = {
  siteName: 'Example',
  favicon: '/icon.svg',
  image: 'https://example.test/logo.png',
  imageAlt: 'Example',
  locale: 'en_US',
  localeAlternates: ['de_DE'],
  feed: 'https://example.test/post/feed.xml',
  code: [{ tag: 'meta', attrs: { name: 'verify', content: '1' } }],
  pageCode: { land: [{ tag: 'style', attrs: {}, html: '.land{}' }] },
}
const page: PageHead = {
  title: 'A <b> & "c"',
  description: 'About',
  keywords: 'k',
  canonical: 'https://example.test/post-a',
  alternates: [
    { hreflang: 'en', href: 'https://example.test/post-a' },
    { hreflang: 'x-default', href: 'https://example.test/post-a' },
  ],
  ogType: 'article',
  image: 'https://example.test/cover.png',
  imageAlt: 'The cover',
  published: { at: '2024-01-01T00:00:00.000Z', modified: '2024-01-02T00:00:00.000Z' },
  jsonLd: [{ '@type': 'Article', headline: '</script><script>alert(1)</script>' }],
  pageType: 'land',
}

const strip = (html: string) => html.replace(/ data-h="[^"]*"/g, '')

describe('toHeadTags and renderHeadTags', () => {
  it('lists title, TDK, canonical, alternates, icon, feed, Open Graph, Twitter, JSON-LD and site code, escaped', () => {
    const html = strip(renderHeadTags(toHeadTags(page, site)))
    expect(html).toBe(
      [
        '<title>A &lt;b&gt; &amp; &quot;c&quot;</title>',
        '<meta name="description" content="About">',
        '<meta name="keywords" content="k">',
        '<link rel="canonical" href="https://example.test/post-a">',
        '<link rel="alternate" hreflang="en" href="https://example.test/post-a">',
        '<link rel="alternate" hreflang="x-default" href="https://example.test/post-a">',
        '<link rel="icon" href="/icon.svg">',
        '<link rel="alternate" type="application/rss+xml" title="Example" href="https://example.test/post/feed.xml">',
        '<meta property="og:type" content="article">',
        '<meta property="og:title" content="A &lt;b&gt; &amp; &quot;c&quot;">',
        '<meta property="og:description" content="About">',
        '<meta property="og:url" content="https://example.test/post-a">',
        '<meta property="og:site_name" content="Example">',
        '<meta property="og:locale" content="en_US">',
        '<meta property="og:locale:alternate" content="de_DE">',
        '<meta property="og:image" content="https://example.test/cover.png">',
        '<meta property="og:image:alt" content="The cover">',
        '<meta property="article:published_time" content="2024-01-01T00:00:00.000Z">',
        '<meta property="article:modified_time" content="2024-01-02T00:00:00.000Z">',
        '<meta name="twitter:card" content="summary_large_image">',
        '<meta name="twitter:title" content="A &lt;b&gt; &amp; &quot;c&quot;">',
        '<meta name="twitter:description" content="About">',
        '<meta name="twitter:image" content="https://example.test/cover.png">',
        '<meta name="twitter:image:alt" content="The cover">',
        '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}</script>',
        '<meta name="verify" content="1">',
        '<style>.land{}</style>',
      ].join(''),
    )
  })

  it("writes no image alt without an image, and never the logo's alt for a page's own picture", () => {
    const bare = strip(renderHeadTags(toHeadTags({ ...page, image: undefined }, { ...site, image: '' })))
    expect(bare).not.toContain('image:alt')
    const untitled = strip(renderHeadTags(toHeadTags({ ...page, imageAlt: undefined }, site)))
    expect(untitled).not.toContain('image:alt')
  })

  it('writes an element of the site code once when the page-type code repeats it', () => {
    const repeated: SiteHead = {
      ...site,
      pageCode: {
        land: [
          { tag: 'meta', attrs: { name: 'verify', content: '1' } },
          { tag: 'style', attrs: {}, html: '.land{}' },
        ],
      },
    }
    const html = strip(renderHeadTags(toHeadTags(page, repeated)))
    expect(html.match(/name="verify"/g)).toHaveLength(1)
    expect(html.match(/\.land\{\}/g)).toHaveLength(1)
  })

  it('gives error pages noindex and no canonical, and other page types no land code', () => {
    const html = strip(renderHeadTags(toHeadTags(errorHead('Page Not Found'), site)))
    expect(html).toContain('<meta name="robots" content="noindex">')
    expect(html).not.toContain('canonical')
    expect(html).not.toContain('og:url')
    expect(html).not.toContain('.land{}')
    expect(html).toContain('<meta property="og:image" content="https://example.test/logo.png">')
    expect(html).toContain('<meta property="og:image:alt" content="Example">')
    expect(html).toContain('<meta name="twitter:image:alt" content="Example">')
    expect(html).toContain('<meta name="twitter:card" content="summary">')
  })

  it('marks each element with a key that depends on its markup only, and adds the nonce to scripts and styles', () => {
    const tags: HeadTag[] = [
      { tag: 'script', attrs: { src: '/a.js' }, html: '' },
      { tag: 'style', attrs: {}, html: 'a{}' },
      { tag: 'meta', attrs: { name: 'a', content: 'b' } },
    ]
    const html = renderHeadTags(tags, { nonce: 'n0"nce' })
    expect(html).toBe(
      `<script src="/a.js" nonce="n0&quot;nce" data-h="${headTagKey(tags[0]!)}"></script>` +
        `<style nonce="n0&quot;nce" data-h="${headTagKey(tags[1]!)}">a{}</style>` +
        `<meta name="a" content="b" data-h="${headTagKey(tags[2]!)}">`,
    )
    expect(headTagKey({ tag: 'meta', attrs: { name: 'a', content: 'b' } })).toBe(headTagKey(tags[2]!))
    expect(headTagKey({ tag: 'meta', attrs: { name: 'a', content: 'c' } })).not.toBe(headTagKey(tags[2]!))
  })

  it('never lets content or attribute names break out of an element', () => {
    const html = renderHeadTags([
      { tag: 'script', attrs: { '"><x': 'y', 'data-h': 'forged' }, html: 'a="</script><img src=x>"' },
      { tag: 'noscript', attrs: {}, html: '</noscript><img src=x onerror=alert(1)>' },
    ])
    expect(html).not.toContain('</script><img')
    expect(html).not.toContain('"><x')
    expect(html).not.toContain('forged')
    expect(html).toContain('&lt;/noscript><img')
  })
})
