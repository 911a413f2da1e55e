import { describe, expect, it } from 'vitest'
import { splitByTerm } from './highlight.ts'

/** The parts as a string with the matches in brackets. */
function marked(text: string, term: string): string {
  return splitByTerm(text, term)
    .map((part) => (part.match ? `[${part.text}]` : part.text))
    .join('')
}

describe('splitByTerm', () => {
  it.each([
    ['Open Source Fonts', 'open', '[Open] Source Fonts'],
    ['open OPEN Open', 'oPeN', '[open] [OPEN] [Open]'],
    ['Free fonts for free', 'free fonts', '[Free] [fonts] for [free]'],
    ['Ünïcode ÜNÏCODE', 'ünïcode', '[Ünïcode] [ÜNÏCODE]'],
    ['开源字体下载', '字体', '开源[字体]下载'],
    ['C++ and C#', 'c++', '[C++] and C#'],
    ['price (beta) $5.00', '(beta) $5.00', 'price [(beta)] [$5.00]'],
    ['a.b axb', 'a.b', '[a.b] axb'],
    ['[x] x', '[x]', '[[x]] x'],
    ['back\\slash', '\\', 'back[\\]slash'],
    ['<b>bold</b> text', '<b>', '[<b>]bold</b> text'],
    ['nothing here', 'zzz', 'nothing here'],
    ['text', '   ', 'text'],
    ['', 'x', ''],
    ['sea seahorse', 'sea seahorse', '[sea] [seahorse]'],
  ])('%j with %j → %j', (text, term, expected) => {
    expect(marked(text, term)).toBe(expected)
  })

  it('keeps every character of the text, in order', () => {
    const text = 'One two ONE three one'
    expect(
      splitByTerm(text, 'one')
        .map((part) => part.text)
        .join(''),
    ).toBe(text)
  })

  it('takes a term of regex operators literally', () => {
    const parts = splitByTerm('a'.repeat(10_000), `${'a'.repeat(200)} ${'(a+)+'.repeat(20)}`)
    expect(parts.map((part) => part.text).join('')).toHaveLength(10_000)
  })
})
