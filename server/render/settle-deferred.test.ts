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
    const allSettled = await settleDeferred({
      page: { rows: [1], fast, failed, slow },
      root: { site: 'x' },
      other: null,
    })
    expect(fast._tracked).toBe(true)
    expect(fast._data).toEqual(['cached'])
    expect(failed._error).toBeInstanceOf(Error)
    expect(slow._tracked).toBe(true)
    expect('_data' in slow).toBe(false)
    expect(allSettled()).toBe(false)
    release('late')
    await slow
    expect(slow._data).toBe('late')
    expect(allSettled()).toBe(true)
  })

  it('reports everything settled when nothing is deferred or all of it came at once', async () => {
    expect((await settleDeferred({ root: { site: 'x' } }))()).toBe(true)
    expect((await settleDeferred({ page: { aside: Promise.resolve([]) } }))()).toBe(true)
  })

  it('counts a field marked by an earlier pass that is still pending', async () => {
    let release!: (value: string) => void
    const slow = new Promise((resolve) => (release = resolve)) as Tracked
    const data = { page: { slow } }
    await settleDeferred(data)
    const again = await settleDeferred(data)
    expect(again()).toBe(false)
    release('late')
    await slow
    expect(again()).toBe(true)
  })
})
