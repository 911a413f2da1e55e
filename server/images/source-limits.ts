import { type BoundedSlots, createBoundedSlots, type Release, SlotsBusyError } from './bounded-slots.ts'
import type { SourceFetcher } from './fetch-source.ts'
import { busy } from './image-errors.ts'

export interface SourceLimitsOptions {
  /** Fetches at once from one origin. */
  perOrigin: number
  /** Fetches waiting for one origin. */
  perOriginQueued: number
  /** Fetches at once from origins outside the allowed ones, all together. */
  total: number
  /** Fetches waiting for one of those. */
  totalQueued: number
  /** Longest wait in either queue (then 503); the fetch itself keeps its own deadline. */
  maxWaitMs: number
  /** Origins the operator trusts (the API's, IMAGE_ALLOWED_ORIGINS): outside the shared pool. */
  isAllowed: (origin: string) => boolean
  /** A fetch refused for want of room (for metrics). */
  onRefused?: (reason: SlotsBusyError['reason']) => void
}

export interface LimitedSourceFetcher {
  fetchSource: SourceFetcher
  /** Fetches running and waiting now, over every origin. */
  readonly active: number
  readonly queued: number
  /** Origins with a fetch running or waiting (the per-origin table's size). */
  readonly origins: number
}

/**
 * Bounds the source fetches, apart from the encodes, so that a slow host holds only its own slots:
 * each origin gets `perOrigin` fetches at once, and origins outside the allowed ones share a pool
 * of `total` besides, so strangers' addresses can never hold the slots of the sites' own images.
 * Every queue is bounded in length and in time; a fetch that finds no room is a 503 with
 * `Retry-After`, never an endless wait. The per-origin table holds only origins with a fetch
 * running or waiting.
 */
export function limitSourceFetches(fetchSource: SourceFetcher, options: SourceLimitsOptions): LimitedSourceFetcher {
  const origins = new Map<string, BoundedSlots>()
  const shared = createBoundedSlots({
    limit: options.total,
    maxQueued: options.totalQueued,
    maxWaitMs: options.maxWaitMs,
    what: 'fetch from an origin outside the allowed ones',
  })
  const retryAfterSeconds = Math.max(1, Math.ceil(options.maxWaitMs / 1000))

  function slotsOf(origin: string): BoundedSlots {
    let slots = origins.get(origin)
    if (slots === undefined) {
      slots = createBoundedSlots({
        limit: options.perOrigin,
        maxQueued: options.perOriginQueued,
        maxWaitMs: options.maxWaitMs,
        what: `fetch from ${origin}`,
      })
      origins.set(origin, slots)
    }
    return slots
  }

  function forget(origin: string, slots: BoundedSlots): void {
    if (slots.active === 0 && slots.queued === 0 && origins.get(origin) === slots) origins.delete(origin)
  }

  async function acquire(origin: string): Promise<Release> {
    const own = slotsOf(origin)
    let releaseOwn: Release
    try {
      releaseOwn = await own.acquire()
    } catch (error) {
      forget(origin, own)
      throw error
    }
    // The origin's slot first, then the pool's: a fetch waiting behind its own origin holds no
    // slot of the pool.
    let releaseShared: Release = () => {}
    if (!options.isAllowed(origin)) {
      try {
        releaseShared = await shared.acquire()
      } catch (error) {
        releaseOwn()
        forget(origin, own)
        throw error
      }
    }
    return () => {
      releaseShared()
      releaseOwn()
      forget(origin, own)
    }
  }

  return {
    async fetchSource(source) {
      let release: Release
      try {
        release = await acquire(source.origin)
      } catch (error) {
        if (!(error instanceof SlotsBusyError)) throw error
        options.onRefused?.(error.reason)
        throw busy(`${error.message} (${source.href})`, retryAfterSeconds, error)
      }
      try {
        return await fetchSource(source)
      } finally {
        release()
      }
    },
    get active() {
      let sum = 0
      for (const slots of origins.values()) sum += slots.active
      return sum
    },
    get origins() {
      return origins.size
    },
    get queued() {
      let sum = shared.queued
      for (const slots of origins.values()) sum += slots.queued
      return sum
    },
  }
}
