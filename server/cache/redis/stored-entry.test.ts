import { describe, expect, it } from 'vitest'
import { decodeStoredEntry, encodeStoredEntry, type StoredEntry } from './stored-entry.ts'

describe('entries in the shared store', () => {
  it.each<[string, StoredEntry]>([
    ['a value', { storedAt: 1700, found: true, value: { site_config: { name: 'A' } } }],
    ['a null value', { storedAt: 1700, found: true, value: null }],
    ['no such key', { storedAt: 1700, found: false }],
  ])('%s reads back as written', (_, entry) => {
    expect(decodeStoredEntry(encodeStoredEntry(entry))).toEqual(entry)
  })

  it('keeps the format other versions of the server read and write', () => {
    expect(encodeStoredEntry({ storedAt: 5, found: true, value: [1] })).toBe('{"t":5,"v":[1]}')
    expect(encodeStoredEntry({ storedAt: 5, found: false })).toBe('{"t":5,"nf":1}')
  })

  it.each([
    ['a number', '5'],
    ['null', 'null'],
    ['no time', '{"v":1}'],
    ['a time that is text', '{"t":"5","v":1}'],
    ['neither a value nor not-found', '{"t":5}'],
  ])('is none when the text holds %s', (_, text) => {
    expect(decodeStoredEntry(text)).toBeUndefined()
  })

  it('throws on text that is not JSON (the reader reports it)', () => {
    expect(() => decodeStoredEntry('{"t":')).toThrow(SyntaxError)
  })
})
