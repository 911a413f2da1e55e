import { describe, expect, it } from 'vitest'
import { memoizeText } from './text-memo.ts'

function counting() {
  const calls: string[] = []
  return { calls, transform: (text: string) => (calls.push(text), text.toUpperCase()) }
}

describe('memoizeText', () => {
  it('transforms each distinct text once and returns the same output after', () => {
    const { calls, transform } = counting()
    const memo = memoizeText(transform, { maxChars: 1000, maxInputChars: 100 })
    expect(memo('abc')).toBe('ABC')
    expect(memo('abc')).toBe('ABC')
    expect(memo('def')).toBe('DEF')
    expect(calls).toEqual(['abc', 'def'])
  })

  it('transforms texts over the input limit every time', () => {
    const { calls, transform } = counting()
    const memo = memoizeText(transform, { maxChars: 1000, maxInputChars: 3 })
    memo('abcd')
    memo('abcd')
    expect(calls).toEqual(['abcd', 'abcd'])
  })

  it('stays within its character bound, dropping the least recently used', () => {
    const { calls, transform } = counting()
    // Each entry weighs 4 characters (2 in, 2 out): two fit.
    const memo = memoizeText(transform, { maxChars: 8, maxInputChars: 10 })
    memo('aa')
    memo('bb')
    memo('aa')
    memo('cc')
    memo('aa')
    memo('bb')
    expect(calls).toEqual(['aa', 'bb', 'cc', 'bb'])
  })
})
