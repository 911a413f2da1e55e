import { describe, expect, it } from 'vitest'
import { NOT_FOUND } from './config-cache.ts'
import { deferred, settle, setup } from './config-cache.test-helper.ts'
import { readingFresh } from './fresh-reads.ts'

/** A loader answering v1, then (each later load held at its gate) v2, v3… */
function versioned() {
  let version = 0
  const gates: ReturnType<typeof deferred<void>>[] = []
  return {
    gates,
    load: async () => {
      version += 1
      if (version > 1) {
        const gate = deferred<void>()
        gates.push(gate)
        await gate.promise
      }
      return `v${version}`
    },
  }
}

describe('a config cache after a soft purge of everything (markPurged)', () => {
  it('answers visitors the value it held, stale and at once, while one load replaces it', async () => {
    const upstream = versioned()
    const { cache, loader } = setup(upstream.load)
    await cache.get('a')
    expect(cache.markPurged()).toBe(1)
    expect(cache.peek('a')).toBeUndefined()
    expect(await cache.get('a')).toEqual({ kind: 'found', value: 'v1', stale: true })
    expect(await cache.get('a')).toEqual({ kind: 'found', value: 'v1', stale: true })
    expect(loader).toHaveBeenCalledTimes(2)
    upstream.gates[0]?.resolve()
    await settle()
    expect(await cache.get('a')).toEqual({ kind: 'found', value: 'v2', stale: false })
  })

  it('makes a render whose page is kept wait for the new value, sharing the load visitors started', async () => {
    const upstream = versioned()
    const { cache, loader } = setup(upstream.load)
    await cache.get('a')
    cache.markPurged()
    expect(await cache.get('a')).toEqual({ kind: 'found', value: 'v1', stale: true })
    let answered: unknown
    const render = readingFresh(() => cache.get('a')).then((result) => (answered = result))
    await settle()
    expect(answered).toBeUndefined()
    upstream.gates[0]?.resolve()
    await render
    expect(answered).toEqual({ kind: 'found', value: 'v2', stale: false })
    expect(loader).toHaveBeenCalledTimes(2)
  })

  it('loads afresh for such a render when nothing is loading yet, and keeps that value', async () => {
    const upstream = versioned()
    const { cache } = setup(upstream.load)
    await cache.get('a')
    cache.markPurged()
    const render = readingFresh(() => cache.get('a'))
    await settle()
    upstream.gates[0]?.resolve()
    expect(await render).toEqual({ kind: 'found', value: 'v2', stale: false })
    expect(await cache.get('a')).toEqual({ kind: 'found', value: 'v2', stale: false })
  })

  it('forgets what it remembered as not found, and keeps no load that ran across the purge', async () => {
    const gate = deferred<string>()
    let calls = 0
    const { cache } = setup(async (key) => {
      calls += 1
      if (key === 'missing') return calls === 1 ? NOT_FOUND : 'found now'
      return gate.promise
    })
    expect(await cache.get('missing')).toEqual({ kind: 'not-found' })
    const running = cache.get('b')
    cache.markPurged()
    gate.resolve('loaded before the purge')
    expect(await running).toEqual({ kind: 'found', value: 'loaded before the purge', stale: false })
    expect(cache.size).toBe(0)
    expect(await cache.get('missing')).toEqual({ kind: 'found', value: 'found now', stale: false })
  })
})
