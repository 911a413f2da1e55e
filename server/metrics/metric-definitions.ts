/**
 * The metrics an instance serves, as data: name, help, type, labels and buckets. metrics.ts registers
 * them and hands out the instruments; a new metric is a new row here.
 */

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

/** One metric as `/metrics` serves it; a histogram names its buckets. */
export type MetricDefinition = { name: string; help: string; labels?: readonly string[] } & (
  | { kind: 'counter' }
  | { kind: 'gauge' }
  | { kind: 'histogram'; buckets: readonly number[] }
)

/**
 * Every metric this instance serves, in the order `/metrics` lists them. The keys are how the code
 * below refers to them; operations.md lists the names (`test/doc-facts.test.ts`).
 */
export const DEFINITIONS = {
  requests: {
    kind: 'counter',
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labels: ['route', 'method', 'status_class', 'code'],
  },
  firstByteSeconds: {
    kind: 'histogram',
    name: 'http_time_to_first_byte_seconds',
    help: 'Time from request to the status and headers being written (a streamed page: its shell)',
    labels: ['route'],
    buckets: FIRST_BYTE_BUCKETS,
  },
  buildInfo: {
    kind: 'gauge',
    name: 'app_build_info',
    help: 'Always 1: the running build, by package version and build id (the browser entry hash)',
    labels: ['version', 'build'],
  },
  sharedStoreSeconds: {
    kind: 'histogram',
    name: 'shared_store_command_duration_seconds',
    help: 'Duration of shared cache (Redis) operations, failed ones included, by operation',
    labels: ['operation'],
    buckets: SHARED_STORE_BUCKETS,
  },
  requestSeconds: {
    kind: 'histogram',
    name: 'http_request_duration_seconds',
    help: 'Time from request to the last byte of the response',
    labels: ['route', 'method', 'status_class'],
    buckets: REQUEST_BUCKETS,
  },
  inFlight: { kind: 'gauge', name: 'http_requests_in_flight', help: 'Requests being answered' },
  draining: { kind: 'gauge', name: 'app_draining', help: '1 while the instance drains for shutdown' },
  upstreamCalls: {
    kind: 'counter',
    name: 'upstream_calls_total',
    help: 'Calls to the upstream API',
    labels: ['path', 'outcome'],
  },
  upstreamSeconds: {
    kind: 'histogram',
    name: 'upstream_call_duration_seconds',
    help: 'Duration of upstream API calls',
    labels: ['path', 'outcome'],
    buckets: DURATION_BUCKETS,
  },
  cacheLookups: {
    kind: 'counter',
    name: 'cache_lookups_total',
    help: 'Cache lookups by result',
    labels: ['cache', 'result'],
  },
  cacheEvictions: {
    kind: 'counter',
    name: 'cache_evictions_total',
    help: 'Entries evicted to stay within the size bound',
    labels: ['cache'],
  },
  cacheEntries: { kind: 'gauge', name: 'cache_entries', help: 'Entries held per cache', labels: ['cache'] },
  cacheBytes: {
    kind: 'gauge',
    name: 'cache_bytes',
    help: 'Bytes held per cache, as counted for its byte bound',
    labels: ['cache'],
  },
  rendersAborted: { kind: 'counter', name: 'renders_aborted_total', help: 'Renders cut short', labels: ['reason'] },
  streamedCopies: {
    kind: 'counter',
    name: 'streamed_copies_total',
    help: 'Complete copies of streamed renders for the HTML cache, by how they were made (splice, render)',
    labels: ['made'],
  },
  sharedStoreErrors: {
    kind: 'counter',
    name: 'shared_store_errors_total',
    help: 'Shared cache (Redis) commands that failed or timed out, by operation',
    labels: ['operation'],
  },
  cdnPurges: {
    kind: 'counter',
    name: 'cdn_purges_total',
    help: 'Purges forwarded to a CDN, by CDN and outcome (ok, failed, rejected, timeout, unsupported)',
    labels: ['cdn', 'outcome'],
  },
  cdnPurgeCalls: {
    kind: 'counter',
    name: 'cdn_purge_calls_total',
    help: 'HTTP calls made to a CDN for purges, by CDN and outcome (ok, throttled, retry, rejected, network, timeout, not_sent)',
    labels: ['cdn', 'outcome'],
  },
  revalidations: {
    kind: 'counter',
    name: 'html_revalidations_total',
    help: 'Background re-renders of stale cached pages, by outcome',
    labels: ['outcome'],
  },
  revalidationSeconds: {
    kind: 'histogram',
    name: 'html_revalidation_duration_seconds',
    help: 'Duration of background re-renders of stale cached pages',
    labels: ['outcome'],
    buckets: DURATION_BUCKETS,
  },
  purgeEvents: {
    kind: 'counter',
    name: 'purge_delivery_total',
    help: 'Purges between instances: received, unshared (held to send again), redelivered, collapsed, malformed, failed, gap',
    labels: ['event'],
  },
  imageWork: {
    kind: 'gauge',
    name: 'image_work',
    help: 'Image source fetches and encodes running (active) and waiting (queued)',
    labels: ['stage', 'state'],
  },
  imageRefusals: {
    kind: 'counter',
    name: 'image_refusals_total',
    help: 'Image requests answered 503 for want of room, by stage (fetch, encode) and reason (full, waited)',
    labels: ['stage', 'reason'],
  },
  imageAnswers: {
    kind: 'counter',
    name: 'image_requests_total',
    help: 'Image requests by outcome (ok, not_modified, bad_request, forbidden_source, not_found, unsupported_source, source_failed, busy, source_timeout)',
    labels: ['outcome'],
  },
  tlsAsks: {
    kind: 'counter',
    name: 'tls_asks_total',
    help: 'On-demand TLS asks by outcome (allowed, unknown, refused, unavailable)',
    labels: ['outcome'],
  },
} as const satisfies Record<string, MetricDefinition>
