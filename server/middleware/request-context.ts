import type { ServerResponse } from 'node:http'
import type { MiddlewareHandler } from 'hono'
import type { Logger } from 'pino'
import type { AppEnv } from '../app-env.ts'
import type { Metrics } from '../metrics/metrics.ts'
import {
  REQUEST_ID_HEADER,
  toRequestId,
  type RequestRecord,
  type RequestRecorder,
  whenSent,
} from '../http/request-id.ts'
import { currentRequestTrace } from '../telemetry/tracing.ts'
import { createAccessLineWriter } from './access-line.ts'

export interface RequestContextOptions {
  log: Logger
  metrics?: Metrics
  /** Route names logged at debug instead of info (probes and scrapes would drown the log). */
  quietRoutes?: ReadonlySet<string>
  /** Answers carry `Server-Timing: shell;dur=<ms>` (SERVER_TIMING): the time to their status, headers and shell. */
  serverTiming?: boolean
}

/**
 * Starts request records. The log line has method, validated tenant host, route name, path without
 * query, status, what the page cache did, bytes sent, time to first byte and duration (docs/operations.md
 * "Logs"): never cookies, tokens or bodies.
 */
export function requestRecorder({
  log,
  metrics,
  quietRoutes = new Set(),
  serverTiming = false,
}: RequestContextOptions): RequestRecorder {
  // The access line carries only the fields below, none a credential: the redaction every other
  // line goes through (logger.ts) walks each key against a dozen wildcard paths, 9 µs of a cache
  // hit's ~100 µs (measured: 12 µs a line with it, 3 µs without) for nothing; pino's own
  // serialising and ISO time cost a hit several µs more (access-line.ts).
  const lines = createAccessLineWriter(log.child({}, { redact: { paths: [] } }))
  function begin(incomingId: string | undefined, outgoing?: ServerResponse): RequestRecord {
    const started = performance.now()
    let firstByteAt = -1
    const requestId = toRequestId(incomingId)
    // The request's span (tracing on), begun by the front door: its ids go into the access line.
    const trace = currentRequestTrace()
    // Bytes are counted on the connection: a streamed page has no length until its last chunk.
    // A keep-alive connection carries one response at a time, so the difference is this one's.
    const socket = outgoing?.socket ?? null
    const written = socket === null ? 0 : socket.bytesWritten
    metrics?.inFlight.inc()
    return {
      requestId,
      firstByte() {
        if (firstByteAt < 0) firstByteAt = performance.now()
      },
      serverTiming() {
        // The W3C Server Timing header: a metric name and its duration in milliseconds.
        return serverTiming ? `shell;dur=${(performance.now() - started).toFixed(1)}` : null
      },
      finish({ method, path, route, status, host, cache, bytes, series }) {
        const ended = performance.now()
        const seconds = (ended - started) / 1000
        const ttfbSeconds = ((firstByteAt < 0 ? ended : firstByteAt) - started) / 1000
        metrics?.inFlight.dec()
        if (series !== undefined) series.observe(seconds, ttfbSeconds)
        else metrics?.request(route, method, status, seconds, ttfbSeconds)
        const sent = socket === null ? (bytes ?? 0) : socket.bytesWritten - written
        trace?.finish({ method, route, status, cache, bytes: sent })
        lines.write(quietRoutes.has(route) ? 'debug' : 'info', {
          requestId,
          traceIds: trace?.logFields,
          method,
          host,
          route,
          path,
          status,
          cache,
          bytes: sent,
          ttfbMs: Math.round(ttfbSeconds * 1000),
          ms: Math.round(seconds * 1000),
        })
      },
      abandon() {
        metrics?.inFlight.dec()
      },
    }
  }
  return { begin, together: lines.together }
}

/**
 * First in the chain: the request id (echoed on every response, sent upstream), a child logger
 * carrying it, and the request's record, finished once the last byte is sent.
 */
export function requestContext(options: RequestContextOptions): MiddlewareHandler<AppEnv> {
  const { begin } = requestRecorder(options)
  return async function requestContextMiddleware(c, next) {
    const record = begin(c.req.header(REQUEST_ID_HEADER), c.env?.outgoing)
    const { requestId } = record
    c.set('requestId', requestId)
    c.set('log', options.log.child({ requestId }))
    c.set('routeName', 'unmatched')
    try {
      await next()
    } catch (error) {
      record.abandon()
      throw error
    }
    let response = withHeader(c.res, REQUEST_ID_HEADER, requestId)
    const timing = record.serverTiming()
    if (timing !== null) response = withHeader(response, 'server-timing', timing)
    if (response !== c.res) {
      c.res = undefined
      c.res = response
    }
    // The status and headers are decided and the shell is ready: the adapter writes them next.
    record.firstByte()
    // The operations app on ADMIN_PORT is served by a listener of its own, without the front door:
    // its requests have no tenant host to log.
    const host = (c.env as Partial<AppEnv['Bindings']> | undefined)?.admitted?.host
    const length = response.headers.get('content-length')
    whenSent(c.env?.outgoing, () =>
      record.finish({
        method: c.req.method,
        path: c.req.path,
        route: c.get('routeName'),
        status: response.status,
        host: host?.ok ? host.host : undefined,
        cache: c.get('cacheResult') ?? 'pass',
        bytes: length === null ? undefined : Number(length),
      }),
    )
  }
}

/** Sets a header, copying the response first when its headers are immutable (e.g. a proxied fetch). */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value)
    return response
  } catch {
    const copy = new Response(response.body, response)
    copy.headers.set(name, value)
    return copy
  }
}
