import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/** Label values of a cache lookup. */
type CacheLookup = 'hit' | 'miss' | 'stale'

/** What a cache reports; one per named cache (`metrics.cache('site')`). */
export interface CacheMetrics {
  lookup(result: CacheLookup): void
  evicted(): void
  /** Reports the current size whenever metrics are scraped. */
  size(read: () => number): void
  /** Reports the bytes held (as the cache counts them for its byte bound) whenever metrics are scraped. */
  bytes?(read: () => number): void
}

/** What the upstream client reports about each call. */
export interface UpstreamMetrics {
  /** `path` is an API path (unknown ones are folded into `other`); `outcome` e.g. `ok`, `timeout`. */
  call(path: string, outcome: string, seconds: number): void
}

/** The image optimiser's two kinds of work. */
export type ImageStage = 'fetch' | 'encode'

/** What the image optimiser reports. */
/** How an image request ended: a fixed set, one per answer the image route gives. */
export type ImageOutcome =
  | 'ok'
  | 'not_modified'
  | 'bad_request'
  | 'forbidden_source'
  | 'not_found'
  | 'unsupported_source'
  | 'source_failed'
  | 'busy'
  | 'source_timeout'

export interface ImageMetrics {
  /** Reports the work running and waiting per stage whenever metrics are scraped. */
  work(read: () => Record<ImageStage, { active: number; queued: number }>): void
  /** A request refused for want of room: its queue was `full`, or it `waited` past the limit. */
  refused(stage: ImageStage, reason: 'full' | 'waited'): void
  /** How an image request ended (images/image-errors.ts `ImageOutcome`). */
  answered(outcome: ImageOutcome): void
}

export interface Metrics {
  /** The registry `/metrics` serves; add product metrics to it with `registers: [metrics.registry]`. */
  registry: Registry
  /** A finished HTTP request: route name (never the raw path), method, status, duration, time to its first byte. */
  request(route: string, method: string, status: number, seconds: number, ttfbSeconds: number): void
  /** Requests started and not yet finished (the body included). */
  inFlight: Gauge
  /** 1 while the instance drains for shutdown. */
  draining: Gauge
  upstream: UpstreamMetrics
  /** The metrics of one named cache; the same object for the same name. */
  cache(name: string): CacheMetrics
  /** A render cut short: `timeout` or `client` (the visitor went away). */
  renderAborted(reason: 'timeout' | 'client'): void
  /**
   * The complete copy of a streamed render the HTML cache may keep, made by splicing what streamed
   * (`splice`) or by rendering the page again from its loaded data (`render`, docs/complete-pages.md).
   */
  streamedCopy(made: 'splice' | 'render'): void
  /** A shared-store (Redis) command that failed or timed out; the instance went on without it. */
  sharedStoreError(operation: string): void
  /** A shared-store (Redis) operation's time, failed or not (its operations as for sharedStoreError). */
  sharedStoreCommand(operation: string, seconds: number): void
  /** Names the running build (`app_build_info`, always 1): the package version and the browser entry's hash. */
  buildInfo(version: string, build: string): void
  /** One purge's outcome at one CDN (cdn/cdn-forwarder.ts CdnOutcome). */
  cdnPurge(cdn: string, outcome: string): void
  /** One call a purge made to a CDN, or could not send for the pace (cdn/cdn-call.ts CdnCallOutcome). */
  cdnPurgeCall(cdn: string, outcome: string): void
  /** A background re-render of a stale cached page ended (see RevalidationOutcome). */
  htmlRevalidation(outcome: string, seconds: number): void
  /** A step in carrying purges between instances (PurgeEvent, FollowEvent): `unshared`, `gap`, `malformed`… */
  purgeEvent(event: string): void
  images: ImageMetrics
  /** An on-demand TLS ask answered (routes/tls-ask.ts TlsAskOutcome): never labelled with the name asked about. */
  tlsAsk(outcome: string): void
}

export interface MetricsOptions {
  /** Defaults to a fresh registry: the process-global default registry is never used. */
  registry?: Registry
  /** Node process metrics (CPU, memory, event loop lag, handles). Default true. */
  processMetrics?: boolean
}

/** Request and upstream latencies: most are milliseconds, slow renders and timeouts reach seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** A whole request: a page from the HTML cache is done in about 100 µs, a render in up to seconds. */
const REQUEST_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, ...DURATION_BUCKETS]
/**
 * Time to the first byte: a page from the HTML cache takes about 100 µs, a render up to seconds;
 * the buckets tell both apart.
 */
const FIRST_BYTE_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]
/** Redis answers in well under a millisecond on a LAN; a command times out at 250 ms by default. */
const SHARED_STORE_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5]
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/**
 * Creates the Prometheus metrics of one app instance. Labels are always from small fixed sets
 * (route names, status classes, API paths, outcomes), never a raw path or host, so a hostile
 * client cannot grow the series count.
 */
export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = options.registry ?? new Registry()
  const registers = [registry]
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry })

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames: ['route', 'method', 'status_class', 'code'],
    registers,
  })
  const firstByteSeconds = new Histogram({
    name: 'http_time_to_first_byte_seconds',
    help: 'Time from request to the status and headers being written (a streamed page: its shell)',
    labelNames: ['route'],
    buckets: FIRST_BYTE_BUCKETS,
    registers,
  })
  const buildInfo = new Gauge({
    name: 'app_build_info',
    help: 'Always 1: the running build, by package version and build id (the browser entry hash)',
    labelNames: ['version', 'build'],
    registers,
  })
  const sharedStoreSeconds = new Histogram({
    name: 'shared_store_command_duration_seconds',
    help: 'Duration of shared cache (Redis) operations, failed ones included, by operation',
    labelNames: ['operation'],
    buckets: SHARED_STORE_BUCKETS,
    registers,
  })
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to the last byte of the response',
    labelNames: ['route', 'method', 'status_class'],
    buckets: REQUEST_BUCKETS,
    registers,
  })
  const inFlight = new Gauge({ name: 'http_requests_in_flight', help: 'Requests being answered', registers })
  const draining = new Gauge({ name: 'app_draining', help: '1 while the instance drains for shutdown', registers })
  const upstreamCalls = new Counter({
    name: 'upstream_calls_total',
    help: 'Calls to the upstream API',
    labelNames: ['path', 'outcome'],
    registers,
  })
  const upstreamSeconds = new Histogram({
    name: 'upstream_call_duration_seconds',
    help: 'Duration of upstream API calls',
    labelNames: ['path', 'outcome'],
    buckets: DURATION_BUCKETS,
    registers,
  })
  const cacheLookups = new Counter({
    name: 'cache_lookups_total',
    help: 'Cache lookups by result',
    labelNames: ['cache', 'result'],
    registers,
  })
  const cacheEvictions = new Counter({
    name: 'cache_evictions_total',
    help: 'Entries evicted to stay within the size bound',
    labelNames: ['cache'],
    registers,
  })
  const sizeReaders = new Map<string, () => number>()
  new Gauge({
    name: 'cache_entries',
    help: 'Entries held per cache',
    labelNames: ['cache'],
    registers,
    collect() {
      for (const [name, read] of sizeReaders) this.set({ cache: name }, read())
    },
  })
  const byteReaders = new Map<string, () => number>()
  new Gauge({
    name: 'cache_bytes',
    help: 'Bytes held per cache, as counted for its byte bound',
    labelNames: ['cache'],
    registers,
    collect() {
      for (const [name, read] of byteReaders) this.set({ cache: name }, read())
    },
  })
  const rendersAborted = new Counter({
    name: 'renders_aborted_total',
    help: 'Renders cut short',
    labelNames: ['reason'],
    registers,
  })
  const streamedCopies = new Counter({
    name: 'streamed_copies_total',
    help: 'Complete copies of streamed renders for the HTML cache, by how they were made (splice, render)',
    labelNames: ['made'],
    registers,
  })
  const sharedStoreErrors = new Counter({
    name: 'shared_store_errors_total',
    help: 'Shared cache (Redis) commands that failed or timed out, by operation',
    labelNames: ['operation'],
    registers,
  })

  const cdnPurges = new Counter({
    name: 'cdn_purges_total',
    help: 'Purges forwarded to a CDN, by CDN and outcome (ok, failed, rejected, timeout, unsupported)',
    labelNames: ['cdn', 'outcome'],
    registers,
  })

  const cdnPurgeCalls = new Counter({
    name: 'cdn_purge_calls_total',
    help: 'HTTP calls made to a CDN for purges, by CDN and outcome (ok, throttled, retry, rejected, network, timeout, not_sent)',
    labelNames: ['cdn', 'outcome'],
    registers,
  })

  const revalidations = new Counter({
    name: 'html_revalidations_total',
    help: 'Background re-renders of stale cached pages, by outcome',
    labelNames: ['outcome'],
    registers,
  })
  const revalidationSeconds = new Histogram({
    name: 'html_revalidation_duration_seconds',
    help: 'Duration of background re-renders of stale cached pages',
    labelNames: ['outcome'],
    buckets: DURATION_BUCKETS,
    registers,
  })

  const purgeEvents = new Counter({
    name: 'purge_delivery_total',
    help: 'Purges between instances: received, unshared (held to send again), redelivered, collapsed, malformed, failed, gap',
    labelNames: ['event'],
    registers,
  })

  let imageWork: Parameters<ImageMetrics['work']>[0] | undefined
  new Gauge({
    name: 'image_work',
    help: 'Image source fetches and encodes running (active) and waiting (queued)',
    labelNames: ['stage', 'state'],
    registers,
    collect() {
      if (imageWork === undefined) return
      for (const [stage, counts] of Object.entries(imageWork())) {
        this.set({ stage, state: 'active' }, counts.active)
        this.set({ stage, state: 'queued' }, counts.queued)
      }
    },
  })
  const imageRefusals = new Counter({
    name: 'image_refusals_total',
    help: 'Image requests answered 503 for want of room, by stage (fetch, encode) and reason (full, waited)',
    labelNames: ['stage', 'reason'],
    registers,
  })

  const imageAnswers = new Counter({
    name: 'image_requests_total',
    help: 'Image requests by outcome (ok, not_modified, bad_request, forbidden_source, not_found, unsupported_source, source_failed, busy, source_timeout)',
    labelNames: ['outcome'],
    registers,
  })

  const tlsAsks = new Counter({
    name: 'tls_asks_total',
    help: 'On-demand TLS asks by outcome (allowed, unknown, refused, unavailable)',
    labelNames: ['outcome'],
    registers,
  })

  const caches = new Map<string, CacheMetrics>()
  return {
    registry,
    request(route, method, status, seconds, ttfbSeconds) {
      const labels = {
        route,
        method: METHODS.has(method) ? method : 'OTHER',
        status_class: `${Math.floor(status / 100)}xx`,
      }
      // A status is a number the server chose, 100 to 599: a small fixed set.
      requests.inc({
        ...labels,
        code: Number.isInteger(status) && status >= 100 && status < 600 ? String(status) : 'other',
      })
      requestSeconds.observe(labels, seconds)
      firstByteSeconds.observe({ route }, ttfbSeconds)
    },
    inFlight,
    draining,
    upstream: {
      call(path, outcome, seconds) {
        upstreamCalls.inc({ path, outcome })
        upstreamSeconds.observe({ path, outcome }, seconds)
      },
    },
    cache(name) {
      let found = caches.get(name)
      if (found === undefined) {
        found = {
          lookup: (result) => cacheLookups.inc({ cache: name, result }),
          evicted: () => cacheEvictions.inc({ cache: name }),
          size: (read) => void sizeReaders.set(name, read),
          bytes: (read) => void byteReaders.set(name, read),
        }
        caches.set(name, found)
      }
      return found
    },
    renderAborted(reason) {
      rendersAborted.inc({ reason })
    },
    streamedCopy(made) {
      streamedCopies.inc({ made })
    },
    sharedStoreError(operation) {
      sharedStoreErrors.inc({ operation })
    },
    sharedStoreCommand(operation, seconds) {
      sharedStoreSeconds.observe({ operation }, seconds)
    },
    buildInfo(version, build) {
      buildInfo.reset()
      buildInfo.set({ version, build }, 1)
    },
    cdnPurge(cdn, outcome) {
      cdnPurges.inc({ cdn, outcome })
    },
    cdnPurgeCall(cdn, outcome) {
      cdnPurgeCalls.inc({ cdn, outcome })
    },
    htmlRevalidation(outcome, seconds) {
      revalidations.inc({ outcome })
      revalidationSeconds.observe({ outcome }, seconds)
    },
    purgeEvent(event) {
      purgeEvents.inc({ event })
    },
    images: {
      work(read) {
        imageWork = read
      },
      refused(stage, reason) {
        imageRefusals.inc({ stage, reason })
      },
      answered(outcome) {
        imageAnswers.inc({ outcome })
      },
    },
    tlsAsk(outcome) {
      tlsAsks.inc({ outcome })
    },
  }
}
