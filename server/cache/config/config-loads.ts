import { type Backoff, nextRetryAt } from '../backoff.ts'
import type { ConfigEntry } from './config-entry.ts'
import type { Fill } from './config-fill.ts'

/** A load running for one key: its promise, shared by every waiter. */
export interface RunningLoad<V> {
  promise: Promise<ConfigEntry<V>>
  /** Never answers a stale value (see Fill). */
  fresh: boolean
}

/** What the running loads are made of: the fill, where entries land, and the refresh back-off. */
export interface RunningLoadsDeps<V, C> {
  fill: Fill<V, C>
  store: { set(key: string, entry: ConfigEntry<V>): unknown }
  now: () => number
  backoff: Backoff
  random: () => number
  onError: ((error: unknown, key: string) => void) | undefined
}

/**
 * The loads running, one per key (request coalescing). A load's entry is stored only while it is
 * still the key's running load, so a delete or purge during it keeps its answer out of the cache.
 */
export function createRunningLoads<V, C>(deps: RunningLoadsDeps<V, C>) {
  const running = new Map<string, RunningLoad<V>>()

  /** Starts a load of `key`; `known` is the entry held, for a refresh; `fresh`: no stale value may answer it. */
  function start(key: string, caller: C, known: ConfigEntry<V> | undefined, fresh = false): RunningLoad<V> {
    const load: RunningLoad<V> = {
      fresh,
      promise: deps.fill(key, caller, known, fresh).then(
        (entry) => {
          if (running.get(key) === load) {
            running.delete(key)
            deps.store.set(key, entry)
          }
          return entry
        },
        (error: unknown) => {
          if (running.get(key) === load) running.delete(key)
          throw error
        },
      ),
    }
    running.set(key, load)
    return load
  }

  /** Refreshes a stale entry unless a load runs already or its back-off says not yet; failures push the next try back. */
  function refreshInBackground(key: string, caller: C, known: ConfigEntry<V>): void {
    if (running.has(key) || deps.now() < known.retryAt) return
    start(key, caller, known).promise.catch((error: unknown) => {
      known.failures += 1
      known.retryAt = nextRetryAt(known.failures, deps.backoff, deps.now(), deps.random)
      deps.onError?.(error, key)
    })
  }

  return { running, start, refreshInBackground }
}
