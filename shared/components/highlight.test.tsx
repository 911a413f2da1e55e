import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Highlight } from './highlight.tsx'

describe('Highlight', () => {
  it.each([
    ['Open <b>source</b>', '<b>', 'Open <mark>&lt;b&gt;</mark>source&lt;/b&gt;'],
    [
      'a "quoted" & </mark><script>x</script>',
      '</mark><script>',
      'a &quot;quoted&quot; &amp; <mark>&lt;/mark&gt;&lt;script&gt;</mark>x&lt;/script&gt;',
    ],
    ['C++ rocks', 'c++', '<mark>C++</mark> rocks'],
    ['nothing', '', 'nothing'],
  ])('%j with %j renders escaped text and marks', (text, term, expected) => {
    expect(renderToString(<Highlight text={text} term={term} />)).toBe(expected)
  })
})
