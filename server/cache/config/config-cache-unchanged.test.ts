import { describe, expect, it, vi } from 'vitest'
import { createConfigCache, UNCHANGED, type ConfigCacheOptions } from './config-cache.ts'
import { settle, TTL, STALE, NEGATIVE } from './config-cache.test-helper.ts'
import { createMemorySharedStore } from '../redis/shared-store.ts'

/** An upstream answer as the repository sees it: the raw object, with the fingerprint of the bytes it came in. */
interface Raw {
  text: string
}

/** A cache whose loader answers `current.text`, or UNCHANGED when it equals the text of the fingerprint held. */
function setup(overrides: Partial<ConfigCacheOptions<{ parsed: string }, undefined, Raw>> = {}) {
  const clock = { time: 10_000 }
  const current = { text: 'v1' }
  const parse = vi.fn((raw: unknown) => ({ parsed: (raw as Raw).text }))
  const load = vi.fn(async (_key: string, { heldFingerprint }: { heldFingerprint?: string }) =>
    heldFingerprint === `fp:${current.text}` ? UNCHANGED : { text: current.text },
  )
  const cache = createConfigCache<{ parsed: string }, undefined, Raw>({
    load,
    parse,
    fingerprintOf: (raw) => `fp:${raw.text}`,
    ttlMs: TTL,
    staleMs: STALE,
    negativeTtlMs: NEGATIVE,
    max: 100,
    maxBytes: 10_000,
    sizeOf: (raw) => raw.text.length,
    now: () => clock.time,
    ...overrides,
  })
  return { cache, clock, current, parse, load }
}

async function refreshed<V>(cache: { get(key: string): Promise<{ kind: string; value?: V }> }): Promise<V | undefined> {
  await cache.get('a')
  await settle()
  const result = await cache.get('a')
  return result.kind === 'found' ? (result as { value: V }).value : undefined
}

describe('a refresh whose answer has not changed', () => {
  it('keeps the value it holds (the same object), fresh again, without parsing, and parses an answer that changed', async () => {
    const { cache, clock, current, parse, load } = setup()
    const first = await cache.get('a')
    expect(first).toEqual({ kind: 'found', value: { parsed: 'v1' }, stale: false })
    const bytes = cache.bytes
    clock.time += TTL + 1
    const kept = await refreshed(cache)
    expect(load).toHaveBeenLastCalledWith('a', expect.objectContaining({ heldFingerprint: 'fp:v1', refresh: true }))
    expect(kept).toBe(first.kind === 'found' ? first.value : undefined)
    expect(await cache.get('a')).toMatchObject({ stale: false })
    expect(parse).toHaveBeenCalledTimes(1)
    expect(cache.bytes).toBe(bytes)

    current.text = 'v2'
    clock.time += TTL + 1
    expect(await refreshed(cache)).toEqual({ parsed: 'v2' })
    expect(parse).toHaveBeenCalledTimes(2)
  })

  it('offers no fingerprint to a first load, nor with a shared layer, whose entry needs the answer itself', async () => {
    const shared = setup({ shared: { store: createMemorySharedStore(), prefix: 't:' } })
    await shared.cache.get('a')
    shared.clock.time += TTL + 1
    await refreshed(shared.cache)
    expect(shared.load).toHaveBeenCalledTimes(2)
    for (const [, context] of shared.load.mock.calls) expect(context.heldFingerprint).toBeUndefined()
  })

  it('refuses an unchanged answer when it holds nothing, rather than keep a value it never had', async () => {
    const onError = vi.fn()
    const { cache, clock } = setup({ load: async () => UNCHANGED, onError })
    await expect(cache.get('a')).rejects.toThrow(/unchanged with nothing held/)
    clock.time += 1
    await expect(cache.get('a')).rejects.toThrow()
  })
})
