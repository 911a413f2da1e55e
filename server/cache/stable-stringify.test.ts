import { describe, expect, it } from 'vitest'
import { stableStringify } from './stable-stringify.ts'

describe('stableStringify', () => {
  it.each([
    [{ b: 1, a: { d: 2, c: [3, { f: 1, e: 0 }] } }, '{"a":{"c":[3,{"e":0,"f":1}],"d":2},"b":1}'],
    [[1, 'x', null], '[1,"x",null]'],
    [undefined, 'undefined'],
    [JSON.parse('{"__proto__":1,"a":2}'), '{"__proto__":1,"a":2}'],
  ])('%j → %s', (value, expected) => {
    expect(stableStringify(value)).toBe(expected)
  })
})
