import type { Dispatcher } from 'undici'
import { createBoundedSlots } from './bounded-slots.ts'
import type { CacheMetrics, ImageMetrics } from '../metrics/metrics.ts'
import { createImageCache } from './image-cache.ts'
import { createImageDisk } from './image-disk.ts'
import { createImageOptimizer, type ImageOptimizer } from './image-optimizer.ts'
import { createSourceFetcher, type SourceFetcherOptions } from './fetch-source.ts'
import { limitSourceFetches } from './source-limits.ts'

/** How much image work runs and waits at once (IMAGE_FETCH_*, IMAGE_ENCODE_*). */
export interface ImageWorkLimits {
  fetchPerOrigin: number
  fetchPerOriginQueue: number
  /** Fetches at once from origins outside the allowed ones, all together. */
  fetchConcurrency: number
  fetchQueue: number
  encodeConcurrency: number
  encodeQueue: number
}

const DEFAULT_IMAGE_WORK_LIMITS: ImageWorkLimits = {
  fetchPerOrigin: 4,
  fetchPerOriginQueue: 32,
  fetchConcurrency: 16,
  fetchQueue: 64,
  encodeConcurrency: 4,
  encodeQueue: 32,
}

export interface ImagesOptions {
  /** The upstream API's base URL: its origin is always allowed (its images are the sites' own). */
  apiBaseUrl: string
  allowedOrigins: string[]
  dispatcher: Dispatcher
  timeoutMs: number
  maxSourceBytes: number
  cacheMaxBytes: number
  cacheDir?: string
  /** Bound of `cacheDir` (default 1 GiB). */
  cacheDirMaxBytes?: number
  /** Reports of the disk cache (`metrics.cache('image_disk')`). */
  diskMetrics?: CacheMetrics
  /** Work running and waiting, and requests refused for want of room. */
  metrics?: ImageMetrics
  avif: boolean
  /** Default {@link DEFAULT_IMAGE_WORK_LIMITS}. */
  limits?: Partial<ImageWorkLimits>
  onDiskError?: (error: unknown) => void
  /** Test seams of the source fetcher (resolver and pinned transport). */
  fetcher?: Pick<SourceFetcherOptions, 'resolve' | 'pinnedDispatcher'>
  now?: () => number
}

/** How long an optimised image of a source without a content hash is reused before it is made again. */
const MUTABLE_TTL_MS = 24 * 60 * 60 * 1000
const DEFAULT_CACHE_DIR_MAX_BYTES = 1024 * 1024 * 1024

/** The image optimiser with its fetcher and cache, from the server settings. */
export function createImages(options: ImagesOptions): ImageOptimizer {
  const limits = { ...DEFAULT_IMAGE_WORK_LIMITS, ...options.limits }
  const allowedOrigins = new Set([...options.allowedOrigins, options.apiBaseUrl].map((url) => new URL(url).origin))
  const fetchSource = createSourceFetcher({
    allowedOrigins,
    dispatcher: options.dispatcher,
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxSourceBytes,
    ...options.fetcher,
  })
  const cache = createImageCache({
    maxBytes: options.cacheMaxBytes,
    disk:
      options.cacheDir === undefined
        ? undefined
        : createImageDisk({
            dir: options.cacheDir,
            maxBytes: options.cacheDirMaxBytes ?? DEFAULT_CACHE_DIR_MAX_BYTES,
            onError: options.onDiskError,
            metrics: options.diskMetrics,
            now: options.now,
          }),
    ttlMs: MUTABLE_TTL_MS,
    now: options.now,
    onDiskError: options.onDiskError,
  })
  // A queued request waits at most one fetch deadline for its turn, then is told to come back.
  const limited = limitSourceFetches(fetchSource, {
    perOrigin: limits.fetchPerOrigin,
    perOriginQueued: limits.fetchPerOriginQueue,
    total: limits.fetchConcurrency,
    totalQueued: limits.fetchQueue,
    maxWaitMs: options.timeoutMs,
    isAllowed: (origin) => allowedOrigins.has(origin),
    onRefused: (reason) => options.metrics?.refused('fetch', reason),
  })
  const encodeSlots = createBoundedSlots({
    limit: limits.encodeConcurrency,
    maxQueued: limits.encodeQueue,
    maxWaitMs: options.timeoutMs,
    what: 'encode',
  })
  options.metrics?.work(() => ({
    fetch: { active: limited.active, queued: limited.queued },
    encode: { active: encodeSlots.active, queued: encodeSlots.queued },
  }))
  return createImageOptimizer({
    fetchSource: limited.fetchSource,
    cache,
    encodeSlots,
    onEncodeRefused: (reason) => options.metrics?.refused('encode', reason),
    avif: options.avif,
    now: options.now,
  })
}
