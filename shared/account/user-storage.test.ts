import { describe, expect, it } from 'vitest'
import { hasStoredUser, USER_STORAGE_KEY } from './user-storage.ts'

describe('hasStoredUser', () => {
  const storageWith = (value: string | null) => () =>
    ({ getItem: (key: string) => (key === USER_STORAGE_KEY ? value : null) }) as Storage

  it.each([
    ['a stored user', storageWith('{"user_id":"u1"}'), true],
    // Junk counts: the account code that loads then reads it, and removes what it cannot use.
    ['anything stored under the key', storageWith('junk'), true],
    ['nothing stored', storageWith(null), false],
    ['no storage (disabled, or the server)', () => null, false],
  ])('%s → %s', (_, storage, expected) => {
    expect(hasStoredUser(storage)).toBe(expected)
  })
})
