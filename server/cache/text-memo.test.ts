import { describe, expect, it } from 'vitest'
import { memoizeText } from './text-memo.ts'

function counting() {
  const calls: string[] = []
  return {
    calls,
    transform: (text: string) => {
      calls.push(text)
      return text.toUpperCase()
    },
  }
}

describe('memoizeText', () => {
  it('transforms each distinct text once and returns the same output after', () => {
    const { calls, transform } = counting()
    const memo = memoizeText(transform, { maxBytes: 1000, maxInputChars: 100 })
    expect(memo('abc')).toBe('ABC')
    expect(memo('abc')).toBe('ABC')
    expect(memo('def')).toBe('DEF')
    expect(calls).toEqual(['abc', 'def'])
  })

  it('transforms texts over the input limit every time', () => {
    const { calls, transform } = counting()
    const memo = memoizeText(transform, { maxBytes: 1000, maxInputChars: 3 })
    memo('abcd')
    memo('abcd')
    expect(calls).toEqual(['abcd', 'abcd'])
  })

  it('stays within its byte bound, dropping the least recently used', () => {
    const { calls, transform } = counting()
    // Each entry weighs 4 bytes (2 in, 2 out): two fit.
    const memo = memoizeText(transform, { maxBytes: 8, maxInputChars: 10 })
    memo('aa')
    memo('bb')
    memo('aa')
    memo('cc')
    memo('aa')
    memo('bb')
    expect(calls).toEqual(['aa', 'bb', 'cc', 'bb'])
  })

  it('counts texts beyond Latin-1 at two bytes per character, as the heap holds them', () => {
    const { calls, transform } = counting()
    // '中文' in and out: 2 characters each, 4 bytes each, 8 per entry: only one fits in 12.
    const memo = memoizeText(transform, { maxBytes: 12, maxInputChars: 10 })
    memo('中文')
    memo('日本')
    memo('中文')
    expect(calls).toEqual(['中文', '日本', '中文'])
    // Latin-1 texts of the same length weigh half: two fit.
    const latin = counting()
    const small = memoizeText(latin.transform, { maxBytes: 12, maxInputChars: 10 })
    small('ab')
    small('cd')
    small('ab')
    expect(latin.calls).toEqual(['ab', 'cd'])
  })
})
