import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { DEFINITIONS, type MetricDefinition } from './metric-definitions.ts'
import { countOne, createPlainCounter, type PlainCounter } from './plain-counter.ts'
import { createPlainHistogram, type PlainHistogram } from './plain-histogram.ts'
import { createRequestSeries, type RequestSeries } from './request-series.ts'

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
  /**
   * The request metrics of one route, method and status, found once: `observe(seconds, ttfbSeconds)`
   * records a request as `request` does, without looking them up again. The same object for the same
   * labels, valid for good (a reset zeroes what it counted).
   */
  requestSeries(route: string, method: string, status: number): RequestSeries
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

type MetricKey = keyof typeof DEFINITIONS
/**
 * Recorded for every request, a cache hit's included: kept as plain numbers (request-series.ts),
 * since a prom-client call builds and hashes a label object each time (measured in a loop: 1.2 µs
 * a request for the three through prom-client, 40 ns kept plain). A hit also looks up two caches
 * (its tenant's config and its page), counted the same way.
 */
const PLAIN_KEYS = ['requests', 'firstByteSeconds', 'requestSeconds', 'cacheLookups'] as const
type PlainKey = (typeof PLAIN_KEYS)[number]
const PLAIN = new Set<MetricKey>(PLAIN_KEYS)
type Kind<Key extends MetricKey> = (typeof DEFINITIONS)[Key]['kind']
type Instrument<Key extends MetricKey> = Key extends PlainKey
  ? Kind<Key> extends 'counter'
    ? PlainCounter
    : PlainHistogram
  : Kind<Key> extends 'counter'
    ? Counter
    : Kind<Key> extends 'gauge'
      ? Gauge
      : Histogram
type Instruments = { [Key in MetricKey]: Instrument<Key> }
/** Gauges whose value is read when `/metrics` is scraped rather than set as things happen. */
type ScrapeReaders = Partial<Record<MetricKey, (this: Gauge) => void>>

/** Registers every metric in DEFINITIONS order, the order `/metrics` lists them in. */
function registerAll(registry: Registry, readers: ScrapeReaders): Instruments {
  const instruments: Partial<Record<MetricKey, Counter | Gauge | Histogram | PlainCounter | PlainHistogram>> = {}
  for (const key of Object.keys(DEFINITIONS) as MetricKey[]) {
    const definition: MetricDefinition = DEFINITIONS[key]
    if (PLAIN.has(key)) {
      instruments[key] = registerPlain(definition, registry)
      continue
    }
    const config = {
      name: definition.name,
      help: definition.help,
      labelNames: definition.labels ?? [],
      registers: [registry],
    }
    if (definition.kind === 'counter') instruments[key] = new Counter(config)
    else if (definition.kind === 'gauge') instruments[key] = new Gauge({ ...config, collect: readers[key] })
    else instruments[key] = new Histogram({ ...config, buckets: [...definition.buckets] })
  }
  // Every key of DEFINITIONS was filled above with the instrument its kind names.
  return instruments as Instruments
}

function registerPlain(definition: MetricDefinition, registry: Registry): PlainCounter | PlainHistogram {
  if (definition.kind === 'counter') return createPlainCounter(definition, registry)
  if (definition.kind === 'histogram') return createPlainHistogram(definition, registry)
  throw new TypeError(`${definition.name}: a gauge is not kept as plain numbers`)
}

/** What the caches and the image optimiser hand over to be read at each scrape. */
function createScrapeReaders() {
  const sizes = new Map<string, () => number>()
  const bytes = new Map<string, () => number>()
  let imageWork: Parameters<ImageMetrics['work']>[0] | undefined
  const readers: ScrapeReaders = {
    cacheEntries() {
      for (const [name, read] of sizes) this.set({ cache: name }, read())
    },
    cacheBytes() {
      for (const [name, read] of bytes) this.set({ cache: name }, read())
    },
    imageWork() {
      if (imageWork === undefined) return
      for (const [stage, counts] of Object.entries(imageWork())) {
        this.set({ stage, state: 'active' }, counts.active)
        this.set({ stage, state: 'queued' }, counts.queued)
      }
    },
  }
  return {
    readers,
    sizes,
    bytes,
    setImageWork(read: NonNullable<typeof imageWork>) {
      imageWork = read
    },
  }
}

/** Counts a cache's lookups in the series of its results, each found once. */
function cacheLookups(counter: PlainCounter, name: string): CacheMetrics['lookup'] {
  const series = {
    hit: counter.series([name, 'hit']),
    miss: counter.series([name, 'miss']),
    stale: counter.series([name, 'stale']),
  }
  return (result) => countOne(series[result])
}

/** One CacheMetrics per cache name, made on first use. */
function toCacheMetrics(instruments: Instruments, scrape: ReturnType<typeof createScrapeReaders>): Metrics['cache'] {
  const caches = new Map<string, CacheMetrics>()
  return (name) => {
    let found = caches.get(name)
    if (found === undefined) {
      found = {
        lookup: cacheLookups(instruments.cacheLookups, name),
        evicted: () => instruments.cacheEvictions.inc({ cache: name }),
        size: (read) => void scrape.sizes.set(name, read),
        bytes: (read) => void scrape.bytes.set(name, read),
      }
      caches.set(name, found)
    }
    return found
  }
}

/**
 * Creates the Prometheus metrics of one app instance. Labels are always from small fixed sets
 * (route names, status classes, API paths, outcomes), never a raw path or host, so a hostile
 * client cannot grow the series count.
 */
export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = options.registry ?? new Registry()
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry })
  const scrape = createScrapeReaders()
  const metric = registerAll(registry, scrape.readers)
  const requestSeries = createRequestSeries(metric)

  return {
    registry,
    request: (route, method, status, seconds, ttfbSeconds) =>
      requestSeries(route, method, status).observe(seconds, ttfbSeconds),
    requestSeries,
    inFlight: metric.inFlight,
    draining: metric.draining,
    upstream: {
      call(path, outcome, seconds) {
        metric.upstreamCalls.inc({ path, outcome })
        metric.upstreamSeconds.observe({ path, outcome }, seconds)
      },
    },
    cache: toCacheMetrics(metric, scrape),
    renderAborted: (reason) => metric.rendersAborted.inc({ reason }),
    streamedCopy: (made) => metric.streamedCopies.inc({ made }),
    sharedStoreError: (operation) => metric.sharedStoreErrors.inc({ operation }),
    sharedStoreCommand: (operation, seconds) => metric.sharedStoreSeconds.observe({ operation }, seconds),
    buildInfo(version, build) {
      metric.buildInfo.reset()
      metric.buildInfo.set({ version, build }, 1)
    },
    cdnPurge: (cdn, outcome) => metric.cdnPurges.inc({ cdn, outcome }),
    cdnPurgeCall: (cdn, outcome) => metric.cdnPurgeCalls.inc({ cdn, outcome }),
    htmlRevalidation(outcome, seconds) {
      metric.revalidations.inc({ outcome })
      metric.revalidationSeconds.observe({ outcome }, seconds)
    },
    purgeEvent: (event) => metric.purgeEvents.inc({ event }),
    images: {
      work: scrape.setImageWork,
      refused: (stage, reason) => metric.imageRefusals.inc({ stage, reason }),
      answered: (outcome) => metric.imageAnswers.inc({ outcome }),
    },
    tlsAsk: (outcome) => metric.tlsAsks.inc({ outcome }),
  }
}
