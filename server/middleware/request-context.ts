import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Logger } from 'pino'
import type { AppEnv } from '../app-env.ts'
import type { Metrics } from '../metrics/metrics.ts'

export interface RequestContextOptions {
  log: Logger
  metrics?: Metrics
  /** Route names logged at debug instead of info (probes and scrapes would drown the log). */
  quietRoutes?: ReadonlySet<string>
}

const REQUEST_ID_HEADER = 'x-request-id'
/** Accepted from the client or load balancer as is; anything else (CR/LF, 10 KB, spaces) is replaced. */
const ACCEPTED_ID = /^[\w-]{1,128}$/

/** The request id to use: the incoming one when it is short and plain, else a fresh UUID. */
export function toRequestId(incoming: string | undefined): string {
  return incoming !== undefined && ACCEPTED_ID.test(incoming) ? incoming : randomUUID()
}

/**
 * First in the chain: the request id (echoed on every response, sent upstream), a child logger
 * carrying it, and — once the last byte is sent — the request metrics and one access log line.
 * The log line has method, route name, path without query, status and duration: never cookies,
 * tokens or bodies.
 */
export function requestContext({ log, metrics, quietRoutes = new Set() }: RequestContextOptions): MiddlewareHandler<AppEnv> {
  return async function requestContextMiddleware(c, next) {
    const started = performance.now()
    const requestId = toRequestId(c.req.header(REQUEST_ID_HEADER))
    const requestLog = log.child({ requestId })
    c.set('requestId', requestId)
    c.set('log', requestLog)
    c.set('routeName', 'unmatched')
    metrics?.inFlight.inc()
    try {
      await next()
    } catch (error) {
      metrics?.inFlight.dec()
      throw error
    }
    const response = withHeader(c.res, REQUEST_ID_HEADER, requestId)
    if (response !== c.res) {
      c.res = undefined
      c.res = response
    }
    const done = () => {
      const seconds = (performance.now() - started) / 1000
      const route = c.get('routeName')
      metrics?.inFlight.dec()
      metrics?.request(route, c.req.method, response.status, seconds)
      const fields = { method: c.req.method, route, path: c.req.path, status: response.status, ms: Math.round(seconds * 1000) }
      if (quietRoutes.has(route)) requestLog.debug(fields, 'request')
      else requestLog.info(fields, 'request')
    }
    // On the Node server a streamed page is done at its last byte (or when the visitor leaves);
    // under app.request() there is no socket, and the response is done when it is returned.
    const outgoing = c.env?.outgoing
    if (outgoing && !outgoing.writableFinished) outgoing.once('close', done)
    else done()
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
