import { describe, expect, it } from 'vitest'
import { settleDeferred } from './settle-deferred.ts'

type Tracked = Promise<unknown> & { _tracked?: boolean; _data?: unknown; _error?: unknown }

describe('settleDeferred', () => {
  it('marks settled deferred fields for <Await> and leaves slow ones pending', async () => {
    const fast = Promise.resolve(['cached']) as Tracked
    const failed = Promise.reject(new Error('nope')) as Tracked
    let release!: (value: string) => void
    const slow = new Promise((resolve) => (release = resolve)) as Tracked
    // `slow` stays pending until released below: were it awaited here, this test could never finish.
    await settleDeferred({ page: { rows: [1], fast, failed, slow }, root: { site: 'x' }, other: null })
    expect(fast._tracked).toBe(true)
    expect(fast._data).toEqual(['cached'])
    expect(failed._error).toBeInstanceOf(Error)
    expect(slow._tracked).toBe(true)
    expect('_data' in slow).toBe(false)
    release('late')
    await slow
    expect(slow._data).toBe('late')
  })
})
