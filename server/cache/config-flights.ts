import { type Backoff, nextRetryAt } from './backoff.ts'
import type { Entry } from './config-entry.ts'
import type { Fill } from './config-fill.ts'

/** A load running for one key: its promise, shared by every waiter. */
export interface Flight<V> {
  promise: Promise<Entry<V>>
  /** Never answers a stale value (see Fill). */
  fresh: boolean
}

/** What the loads in flight are made of: the fill, where entries land, and the refresh back-off. */
export interface FlightDeps<V, C> {
  fill: Fill<V, C>
  store: { set(key: string, entry: Entry<V>): unknown }
  now: () => number
  backoff: Backoff
  random: () => number
  onError: ((error: unknown, key: string) => void) | undefined
}

/**
 * The loads in flight, one per key (request coalescing). A load's entry is stored only while it is
 * still the key's flight, so a delete or purge during it keeps its answer out of the cache.
 */
export function createFlights<V, C>(deps: FlightDeps<V, C>) {
  const flights = new Map<string, Flight<V>>()

  /** Starts a load of `key`; `known` is the entry held, for a refresh; `fresh`: no stale value may answer it. */
  function start(key: string, caller: C, known: Entry<V> | undefined, fresh = false): Flight<V> {
    const flight: Flight<V> = {
      fresh,
      promise: deps.fill(key, caller, known, fresh).then(
        (entry) => {
          if (flights.get(key) === flight) {
            flights.delete(key)
            deps.store.set(key, entry)
          }
          return entry
        },
        (error: unknown) => {
          if (flights.get(key) === flight) flights.delete(key)
          throw error
        },
      ),
    }
    flights.set(key, flight)
    return flight
  }

  /** Refreshes a stale entry unless a load runs already or its back-off says not yet; failures push the next try back. */
  function refreshInBackground(key: string, caller: C, known: Entry<V>): void {
    if (flights.has(key) || deps.now() < known.retryAt) return
    start(key, caller, known).promise.catch((error: unknown) => {
      known.failures += 1
      known.retryAt = nextRetryAt(known.failures, deps.backoff, deps.now(), deps.random)
      deps.onError?.(error, key)
    })
  }

  return { flights, start, refreshInBackground }
}
