import { vi } from 'vitest'
import { createConfigCache, type ConfigCacheOptions } from './config-cache.ts'

export const TTL = 1000
export const STALE = 5000
export const NEGATIVE = 300

export function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** A cache of strings over `load`, on a clock the test moves. */
export function setup(
  load: ConfigCacheOptions<string, string | undefined>['load'],
  overrides: Partial<ConfigCacheOptions<string, string | undefined>> = {},
) {
  const clock = { time: 10_000 }
  const loader = vi.fn(load)
  const onError = vi.fn()
  const cache = createConfigCache<string, string | undefined>({
    load: loader,
    ttlMs: TTL,
    staleMs: STALE,
    negativeTtlMs: NEGATIVE,
    max: 100,
    now: () => clock.time,
    onError,
    ...overrides,
  })
  return { cache, loader, onError, clock }
}

/** Lets background promise callbacks run. */
export const settle = () => new Promise((resolve) => setImmediate(resolve))
