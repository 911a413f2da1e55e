import type { Dispatcher } from 'undici'
import { createImageCache } from './image-cache.ts'
import { createImageOptimizer, type ImageOptimizer } from './image-optimizer.ts'
import { createSourceFetcher, type SourceFetcherOptions } from './fetch-source.ts'

export interface ImagesOptions {
  /** The upstream API's base URL: its origin is always allowed (its images are the sites' own). */
  apiBaseUrl: string
  allowedOrigins: string[]
  dispatcher: Dispatcher
  timeoutMs: number
  maxSourceBytes: number
  cacheMaxBytes: number
  cacheDir?: string
  avif: boolean
  onDiskError?: (error: unknown) => void
  /** Test seams of the source fetcher (resolver and pinned transport). */
  fetcher?: Pick<SourceFetcherOptions, 'resolve' | 'pinnedDispatcher'>
  now?: () => number
}

/** How long an optimised image of a source without a content hash is reused before it is made again. */
const MUTABLE_TTL_MS = 24 * 60 * 60 * 1000

/** The image optimiser with its fetcher and cache, from the server settings. */
export function createImages(options: ImagesOptions): ImageOptimizer {
  const fetchSource = createSourceFetcher({
    allowedOrigins: [...options.allowedOrigins, new URL(options.apiBaseUrl).origin],
    dispatcher: options.dispatcher,
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxSourceBytes,
    ...options.fetcher,
  })
  const cache = createImageCache({
    maxBytes: options.cacheMaxBytes,
    dir: options.cacheDir,
    ttlMs: MUTABLE_TTL_MS,
    now: options.now,
    onDiskError: options.onDiskError,
  })
  return createImageOptimizer({ fetchSource, cache, avif: options.avif, now: options.now })
}
