import { describe, expect, it } from 'vitest'
import { createScrollMemory } from './scroll-memory.ts'

function storageWith(value: string | null) {
  const items = new Map<string, string>(value === null ? [] : [['scroll-positions', value]])
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, next: string) => void items.set(key, next), items }
}

describe('scroll memory', () => {
  it('restores positions a previous document stored', () => {
    const memory = createScrollMemory(storageWith(JSON.stringify([['k1', 120], ['k2', 0]])))
    expect(memory.read('k1')).toBe(120)
    expect(memory.read('k2')).toBe(0)
  })

  it.each([
    ['not JSON', '{'],
    ['an object', '{"k1":1}'],
    ['a negative position', '[["k1",-5]]'],
    ['a position that is not a number', '[["k1","5"]]'],
    ['an over-long key', JSON.stringify([['k'.repeat(301), 1]])],
    ['more entries than it keeps', JSON.stringify(Array.from({ length: 101 }, (_, i) => [`k${i}`, i]))],
  ])('ignores a stored value that is %s', (_name, raw) => {
    const memory = createScrollMemory(storageWith(raw))
    expect(memory.read('k1')).toBeUndefined()
  })

  it('writes what it remembers when persisted', () => {
    const storage = storageWith(null)
    const memory = createScrollMemory(storage)
    memory.write('a', 300)
    memory.persist()
    expect(JSON.parse(storage.items.get('scroll-positions')!)).toEqual([['a', 300]])
  })
})
