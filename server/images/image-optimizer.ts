import { createHash } from 'node:crypto'
import pLimit from 'p-limit'
import type { ImageDensity, ImagePreset } from '../../shared/rules/image-presets.ts'
import { hasContentHash } from './content-hash.ts'
import { unsupportedSource } from './image-errors.ts'
import type { CachedImage, ImageCache } from './image-cache.ts'
import type { FetchedSource, SourceFetcher } from './fetch-source.ts'
import { renderVariant, type OutputClass } from './render-variant.ts'
import { sniffFormat } from './sniff-format.ts'

/** Every input that changes an answer, and nothing else (the cache key is made of exactly these). */
interface VariantRequest {
  source: URL
  preset: ImagePreset
  density: ImageDensity
  output: OutputClass
}

export interface ImageOptimizerOptions {
  fetchSource: SourceFetcher
  cache: ImageCache
  /** Decompression-bomb guard. Default 50 million pixels (a 8660×5773 photo). */
  maxPixels?: number
  /**
   * How many variants are fetched and encoded at once (default 4). Each holds its source in memory
   * and keeps a libvips thread busy; cache hits never wait.
   */
  maxConcurrent?: number
  /** Try AVIF for browsers that accept it. Default true. */
  avif?: boolean
  now?: () => number
}

export interface ImageOptimizer {
  /** The finished image (cached); throws ImageError when the source cannot be used. */
  get(request: VariantRequest): Promise<CachedImage>
}

const DEFAULT_MAX_PIXELS = 50_000_000

/** The cache key of a variant: source, preset, density and output format class. */
function variantKey(request: VariantRequest): string {
  return JSON.stringify([request.source.href, request.preset, request.density, request.output])
}

/**
 * Fetch, check and convert, once per variant: finished images come from the cache; concurrent
 * requests for one variant share one fetch and one encode, and concurrent requests for different
 * variants of one source (a cover and its placeholder) share the fetch.
 */
export function createImageOptimizer(options: ImageOptimizerOptions): ImageOptimizer {
  const now = options.now ?? Date.now
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS
  const avif = options.avif ?? true
  const variants = new Map<string, Promise<CachedImage>>()
  const sources = new Map<string, Promise<FetchedSource>>()
  const limit = pLimit(options.maxConcurrent ?? 4)

  function fetchShared(source: URL): Promise<FetchedSource> {
    let pending = sources.get(source.href)
    if (pending === undefined) {
      pending = options.fetchSource(source).finally(() => sources.delete(source.href))
      sources.set(source.href, pending)
    }
    return pending
  }

  async function produce(request: VariantRequest, key: string): Promise<CachedImage> {
    const cached = await options.cache.get(key)
    return cached ?? limit(() => make(request, key))
  }

  async function make(request: VariantRequest, key: string): Promise<CachedImage> {
    const fetched = await fetchShared(request.source)
    const format = sniffFormat(fetched.body)
    if (format === null) throw unsupportedSource(`${fetched.url.href} is not a png, jpeg, webp, gif or avif image`)
    const immutable = hasContentHash(request.source)
    let body: Buffer
    let contentType: string
    if (format === 'svg') {
      // SVG is a document (scripts, external loads): never rasterised, passed through only from
      // origins the operator trusts, and then with a sandboxing CSP (see the route).
      if (!fetched.allowedOrigin)
        throw unsupportedSource(`SVG from ${fetched.url.origin}, which is not an allowed origin`)
      body = fetched.body
      contentType = 'image/svg+xml'
    } else {
      const variant = await renderVariant(fetched.body, format, {
        preset: request.preset,
        density: request.density,
        output: request.output,
        maxPixels,
        avif,
      })
      body = variant.body
      contentType = variant.contentType
    }
    const image: CachedImage = {
      body,
      contentType,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      immutable,
      createdAt: now(),
    }
    await options.cache.set(key, image)
    return image
  }

  return {
    get(request) {
      const key = variantKey(request)
      let pending = variants.get(key)
      if (pending === undefined) {
        pending = produce(request, key).finally(() => variants.delete(key))
        variants.set(key, pending)
      }
      return pending
    },
  }
}
