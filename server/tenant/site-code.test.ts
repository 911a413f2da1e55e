import { describe, expect, it } from 'vitest'
import { renderHeadTags } from '../../shared/seo/head-tag.ts'
import { fakeSite } from '../../test/fake-loader-env.ts'
import { extractCodeTags, toSiteCode } from './site-code.ts'

const html = (snippets: string[], placement: 'head' | 'body' = 'head') =>
  renderHeadTags(extractCodeTags(snippets, placement)).replace(/ data-h="[^"]*"/g, '')

describe('extractCodeTags', () => {
  it('keeps meta, link, script, noscript and style with their attributes', () => {
    expect(
      html([
        '<meta name="google-site-verification" content="abc">',
        '<link rel="preconnect" href="https://cdn.example" crossorigin>',
        '<script async src="https://www.googletagmanager.com/gtag/js?id=G-1&amp;x=1"></script>',
        "<script>window.dataLayer=[];function gtag(){dataLayer.push(arguments)}gtag('js', new Date());</script>",
        '<style>.x > .y { color: red }</style>',
      ]),
    ).toBe(
      '<meta name="google-site-verification" content="abc">' +
        '<link rel="preconnect" href="https://cdn.example" crossorigin>' +
        '<script async src="https://www.googletagmanager.com/gtag/js?id=G-1&amp;x=1"></script>' +
        "<script>window.dataLayer=[];function gtag(){dataLayer.push(arguments)}gtag('js', new Date());</script>" +
        '<style>.x > .y { color: red }</style>',
    )
  })

  it.each([
    ['an iframe', '<iframe src="https://evil.example"></iframe>', ''],
    ['an image with onerror', '<img src=x onerror="alert(1)">', ''],
    ['text and comments', 'hello <!-- note --> <b>bold</b>', ''],
    ['a form', '<form action="https://evil.example"><input name=a></form>', ''],
    [
      'event handlers on kept elements',
      '<meta name="a" content="b" onclick="alert(1)"><script onload="x()" src="/a.js"></script>',
      '<meta name="a" content="b"><script src="/a.js"></script>',
    ],
    [
      'script URLs',
      '<link rel="preload" href="javascript:alert(1)" as="script"><script src=" JaVaScript:alert(1)"></script>',
      '<link rel="preload" as="script">',
    ],
    [
      'a script nested in other markup',
      '<div><p><script>ok()</script></p></div><iframe></iframe>',
      '<script>ok()</script>',
    ],
    ['an empty script', '<script></script><script>  </script>', ''],
    [
      'a snippet that tries to close the head',
      '</head><body><meta name="x" content="y"><script>a()</script>',
      '<meta name="x" content="y"><script>a()</script>',
    ],
    [
      'an attribute that would break out',
      '<meta name="a" content="&quot;><script>alert(1)</script>">',
      '<meta name="a" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">',
    ],
    [
      'a noscript in the head with an image',
      '<noscript><img src="https://t.example/p.gif"><style>a{}</style></noscript>',
      '<noscript><style>a{}</style></noscript>',
    ],
    ['unclosed tags', '<script>unclosed()', '<script>unclosed()</script>'],
  ])('drops %s', (_name, snippet, expected) => {
    expect(html([snippet])).toBe(expected)
  })

  it('keeps a tracking image inside a body noscript, with no handlers and an empty alt', () => {
    expect(
      html(
        [
          '<noscript><img height="1" width="1" style="display:none" src="https://t.example/p?id=1&ev=PageView" onload="x()"/><iframe src="https://t.example"></iframe></noscript>',
        ],
        'body',
      ),
    ).toBe(
      '<noscript><img height="1" width="1" style="display:none" src="https://t.example/p?id=1&amp;ev=PageView" alt=""></noscript>',
    )
  })

  it('keeps the text of a body noscript, escaped, and drops it in the head', () => {
    expect(
      html(['<noscript>Enable JavaScript &lt;3<iframe src="https://x.example"></iframe></noscript>'], 'body'),
    ).toBe('<noscript>Enable JavaScript &lt;3</noscript>')
    expect(html(['<noscript>Enable JavaScript</noscript>'], 'head')).toBe('')
  })

  it('emits an element once, however often the snippets repeat it', () => {
    expect(html(['<meta name="a" content="1">', '<meta name="a" content="1"><meta name="a" content="2">'])).toBe(
      '<meta name="a" content="1"><meta name="a" content="2">',
    )
  })
})

describe('toSiteCode', () => {
  it('places seo_config code by model and global code by key, only when enabled', () => {
    const site = fakeSite({
      global: {
        customize_code: {
          head: { is_enabled: 1, data: ['<meta name="g-head" content="1">'] },
          body: { is_enabled: 1, data: ['<script>bodyCode()</script>'] },
          land: { is_enabled: 1, data: ['<style>.land{}</style>'] },
          nav: { is_enabled: 0, data: ['<style>.off{}</style>'] },
          unknown_key: { is_enabled: 1, data: ['<meta name="nowhere" content="1">'] },
        },
      },
    })
    const withHead = {
      ...site,
      seo_config: {
        ...site.seo_config,
        customize_code: { model: 1 as const, data: ['<meta name="seo" content="1">'] },
      },
    }
    const code = toSiteCode(withHead)
    expect(renderHeadTags(code.head)).toMatch(
      /^<meta name="seo" content="1" data-h="\w+"><meta name="g-head" content="1" data-h="\w+">$/,
    )
    expect(renderHeadTags(code.body)).toMatch(/^<script data-h="\w+">bodyCode\(\)<\/script>$/)
    expect(Object.keys(code.pages)).toEqual(['land'])
    const inBody = toSiteCode({
      ...site,
      seo_config: { ...site.seo_config, customize_code: { model: 2, data: ['<script>seoBody()</script>'] } },
    })
    expect(inBody.body.map((tag) => ('html' in tag ? tag.html : ''))).toEqual(['seoBody()', 'bodyCode()'])
  })
})
