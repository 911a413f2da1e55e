import { describe, expect, it } from 'vitest'
import { createScrollMemory } from './scroll-memory.ts'

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  }
}

describe('createScrollMemory', () => {
  it('keeps positions per entry and brings them back in the next document', () => {
    const storage = memoryStorage()
    const first = createScrollMemory(storage)
    first.write('a', 1200)
    first.write('b', 0)
    expect(first.read('a')).toBe(1200)
    expect(createScrollMemory(storage).read('a')).toBeUndefined()
    first.persist()
    const next = createScrollMemory(storage)
    expect(next.read('a')).toBe(1200)
    expect(next.read('b')).toBe(0)
  })

  it.each([
    ['not JSON', '{'],
    ['an object', '{"a":1}'],
    ['a negative position', '[["a",-5]]'],
    ['a position that is not a number', '[["a","100"]]'],
    ['an entry of three values', '[["a",100,1]]'],
    ['an overlong key', JSON.stringify([['k'.repeat(301), 1]])],
    ['too many entries', JSON.stringify(Array.from({ length: 101 }, (_, i) => [`k${i}`, i]))],
  ])('ignores stored data that is %s', (_what, raw) => {
    const memory = createScrollMemory(memoryStorage({ 'scroll-positions': raw }))
    expect(memory.read('a')).toBeUndefined()
    expect(memory.read('k1')).toBeUndefined()
  })

  it('works without storage, and when storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('quota')
      },
    }
    for (const storage of [null, refusing]) {
      const memory = createScrollMemory(storage)
      memory.write('a', 10)
      expect(() => memory.persist()).not.toThrow()
      expect(memory.read('a')).toBe(10)
    }
  })

  it('forgets the least recently written entries beyond a hundred', () => {
    const storage = memoryStorage()
    const memory = createScrollMemory(storage)
    for (let i = 0; i < 101; i++) memory.write(`k${i}`, i)
    memory.write('k1', 1)
    memory.write('k101', 101)
    expect(memory.read('k0')).toBeUndefined()
    expect(memory.read('k2')).toBeUndefined()
    expect(memory.read('k1')).toBe(1)
    memory.persist()
    expect(createScrollMemory(storage).read('k101')).toBe(101)
  })
})
