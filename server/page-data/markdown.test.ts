import { describe, expect, it } from 'vitest'
import { createMarkdown, sanitizeDocument } from './markdown.ts'

const { renderMarkdown, sanitizeRichText } = createMarkdown()

describe('renderMarkdown', () => {
  it('renders headings, lists, code and tables', () => {
    const html = renderMarkdown('# Title\n\n- a\n- b\n\n```js\nlet x = 1\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |')
    expect(html).toContain('<h1>Title</h1>')
    expect(html).toContain('<li>a</li>')
    expect(html).toContain('<code class="language-js">')
    expect(html).toContain('<td>1</td>')
  })

  it.each([
    ['<script>alert(1)</script>', '<script'],
    ['<img src=x onerror=alert(1)>', 'onerror'],
    ['<a href="//evil.example">x</a>', '//evil.example'],
    ['<iframe src="https://evil.example"></iframe>', '<iframe'],
  ])('removes %s', (input, forbidden) => {
    expect(renderMarkdown(input)).not.toContain(forbidden)
    expect(sanitizeRichText(input)).not.toContain(forbidden)
  })

  it('drops javascript: links written in markdown', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('javascript:')
  })

  it('marks outbound links', () => {
    expect(renderMarkdown('[site](https://example.com)')).toContain('rel="noopener noreferrer nofollow"')
  })

  it.each([
    ['<p><img src="https://cdn.example/a.png"></p>', '<img src="https://cdn.example/a.png" alt="" loading="lazy" />'],
    [
      '<p><img src="https://cdn.example/a.png" alt="A chart"></p>',
      '<img src="https://cdn.example/a.png" alt="A chart" loading="lazy" />',
    ],
  ])('gives a content image without alt an empty one: %s', (input, expected) => {
    expect(sanitizeRichText(input)).toContain(expected)
    expect(renderMarkdown(input)).toContain(expected)
  })
})

describe('written ids and names', () => {
  it.each([
    ['an id', '<div id="__hydration">x</div>', '<div id="user-content-__hydration">x</div>'],
    ['the root id', '<div id="root"></div>', '<div id="user-content-root"></div>'],
    ['a heading id', '<h2 id="intro">Intro</h2>', '<h2 id="user-content-intro">Intro</h2>'],
    ['an anchor name', '<a name="__hydration">x</a>', '<a name="user-content-__hydration">x</a>'],
    ['an in-page link', '<a href="#intro">x</a>', '<a href="#user-content-intro">x</a>'],
    ['an encoded in-page link', '<a href="#AI-%E5%B0%8D">x</a>', '<a href="#user-content-AI-%E5%B0%8D">x</a>'],
    ['an in-page link with blanks', '<a href=" #intro ">x</a>', '<a href="#user-content-intro">x</a>'],
    ['an already prefixed id', '<p id="user-content-x">x</p>', '<p id="user-content-user-content-x">x</p>'],
    ['a bare #', '<a href="#">x</a>', '<a href="#">x</a>'],
    ['a site path', '<a href="/post/1#intro">x</a>', '<a href="/post/1#intro">x</a>'],
    [
      'an outbound link with a fragment',
      '<a href="https://example.com/#intro">x</a>',
      '<a href="https://example.com/#intro" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    ['a class', '<p class="note" lang="en">x</p>', '<p class="note" lang="en">x</p>'],
    ['an empty id (dropped, as every empty attribute)', '<p id="">x</p>', '<p>x</p>'],
  ])('%s: %s', (_what, input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected)
  })

  it('drops what has no prefix: a form, and the names of its fields', () => {
    expect(sanitizeRichText('<form action="https://evil.example/"><input name="attributes" type="text"></form>')).toBe(
      '<input type="text" />',
    )
  })

  it('prefixes what markdown writes, raw HTML and in-page links alike', () => {
    const html = renderMarkdown('<div id="root"></div>\n\n[jump](#notes)\n\n<h2 id="notes">Notes</h2>')
    expect(html).toContain('<div id="user-content-root"></div>')
    expect(html).toContain('<a href="#user-content-notes">jump</a>')
    expect(html).toContain('<h2 id="user-content-notes">Notes</h2>')
    expect(html).not.toMatch(/ id="(?!user-content-)/)
  })

  it('leaves a whole document its own ids and meta names: it is served alone, styles may select them', () => {
    const html = sanitizeDocument(
      '<html><head><meta name="viewport" content="width=device-width"><style>#a{color:red}</style></head><body><p id="a"><a href="#a">x</a></p></body></html>',
    )
    expect(html).toContain('<meta name="viewport" content="width=device-width" />')
    expect(html).toContain('<p id="a"><a href="#a">x</a></p>')
  })
})
