import { describe, expect, it } from 'vitest'
import { createMarkdown } from './markdown.ts'

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
