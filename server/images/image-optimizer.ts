import { createHash } from 'node:crypto'
import type { ImageDensity, ImagePreset } from '../../shared/rules/image-presets.ts'
import { type BoundedSlots, createBoundedSlots, type Release, SlotsBusyError } from './bounded-slots.ts'
import { hasContentHash } from './content-hash.ts'
import { busy, unsupportedSource } from './image-errors.ts'
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
   * The encode slots (default 4 at once, 32 waiting, 5 s of wait): each encode keeps a libvips
   * thread busy. Source fetches happen before, outside them (bound them in `fetchSource`); cache
   * hits never wait.
   */
  encodeSlots?: BoundedSlots
  /** An encode refused for want of room (for metrics). */
  onEncodeRefused?: (reason: SlotsBusyError['reason']) => void
  /** Try AVIF for browsers that accept it. Default true. */
  avif?: boolean
  now?: () => number
}

export interface ImageOptimizer {
  /** The finished image (cached); throws ImageError when the source cannot be used. */
  get(request: VariantRequest): Promise<CachedImage>
}

const DEFAULT_MAX_PIXELS = 50_000_000
const DEFAULT_ENCODE_SLOTS = { limit: 4, maxQueued: 32, maxWaitMs: 5000 }

/** The cache key of a variant: source, preset, density and output format class. */
function variantKey(request: VariantRequest): string {
  return JSON.stringify([request.source.href, request.preset, request.density, request.output])
}

/**
 * Fetch, check and convert, once per variant: finished images come from the cache; concurrent
 * requests for one variant share one fetch and one encode, and concurrent requests for different
 * variants of one source (a cover and its placeholder) share the fetch. A slow source holds no
 * encode slot: the source is fetched first, then waits for a slot to be encoded.
 */
export function createImageOptimizer(options: ImageOptimizerOptions): ImageOptimizer {
  const now = options.now ?? Date.now
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS
  const avif = options.avif ?? true
  const variants = new Map<string, Promise<CachedImage>>()
  const sources = new Map<string, Promise<FetchedSource>>()
  const encodeSlots = options.encodeSlots ?? createBoundedSlots({ ...DEFAULT_ENCODE_SLOTS, what: 'encode' })

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
    if (cached) return cached
    // No fetch for an encode that would be refused anyway.
    if (encodeSlots.isFull) {
      options.onEncodeRefused?.('full')
      throw busy(`no room to encode ${request.source.href}`, 1)
    }
    return make(request, key)
  }

  async function encodeSlot(source: URL): Promise<Release> {
    try {
      return await encodeSlots.acquire()
    } catch (error) {
      if (!(error instanceof SlotsBusyError)) throw error
      options.onEncodeRefused?.(error.reason)
      throw busy(`${error.message} (${source.href})`, 1, error)
    }
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
      const release = await encodeSlot(request.source)
      try {
        const variant = await renderVariant(fetched.body, format, {
          preset: request.preset,
          density: request.density,
          output: request.output,
          maxPixels,
          avif,
        })
        body = variant.body
        contentType = variant.contentType
      } finally {
        release()
      }
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
