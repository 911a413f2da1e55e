import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { lenientObject, requiredObject } from './schema-helpers.ts'

const inner = z.object({ name: z.string(), size: z.number(), note: z.string().optional() })
const DEFAULTS = { name: 'none', size: 0 }

describe('lenientObject', () => {
  const schema = lenientObject(inner, DEFAULTS)

  it.each([
    ['every field set', { name: 'a', size: 2, note: 'n' }, { name: 'a', size: 2, note: 'n' }],
    ['a field missing takes its default', { name: 'a' }, { name: 'a', size: 0 }],
    ['a null field takes its default', { name: null, size: 3 }, { name: 'none', size: 3 }],
    ['a null optional field is absent', { name: 'a', size: 1, note: null }, { name: 'a', size: 1 }],
    ['unknown fields are dropped', { name: 'a', size: 1, extra: true }, { name: 'a', size: 1 }],
    ['null is the defaults', null, { name: 'none', size: 0 }],
    ['missing is the defaults', undefined, { name: 'none', size: 0 }],
  ])('%s', (_case, input, expected) => {
    expect(schema.parse(input)).toEqual(expected)
  })

  it.each([
    ['a wrong type', { name: 1, size: 1 }],
    ['not an object', 'text'],
    ['a list', [1]],
  ])('rejects %s', (_case, input) => {
    expect(schema.safeParse(input).success).toBe(false)
  })

  it('answers a new object and leaves its input as it was, complete or not', () => {
    for (const input of [{ name: 'a', size: 2 }, { name: null, size: 2 }, { size: 2 }]) {
      const before = structuredClone(input)
      const parsed = schema.parse(input)
      expect(parsed).not.toBe(input)
      expect(input).toEqual(before)
    }
  })

  it('keeps a default out of the next parse when a parsed value is changed', () => {
    const first = schema.parse(null)
    first.name = 'changed'
    expect(schema.parse({ size: 1 })).toEqual({ name: 'none', size: 1 })
    expect(DEFAULTS).toEqual({ name: 'none', size: 0 })
  })
})

describe('requiredObject', () => {
  const schema = requiredObject(inner, DEFAULTS)

  it.each([
    ['every field set', { name: 'a', size: 2 }, { name: 'a', size: 2 }],
    ['a null field takes its default', { name: 'a', size: null }, { name: 'a', size: 0 }],
    ['a missing field takes its default', { size: 5 }, { name: 'none', size: 5 }],
  ])('%s', (_case, input, expected) => {
    expect(schema.parse(input)).toEqual(expected)
  })

  it.each([null, undefined, 'text'])('rejects %s', (input) => {
    expect(schema.safeParse(input).success).toBe(false)
  })
})
