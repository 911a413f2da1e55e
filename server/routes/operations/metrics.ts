import { timingSafeEqual } from 'node:crypto'
import type { Handler } from 'hono'
import type { Registry } from 'prom-client'
import type { AppEnv } from '../../app-env.ts'

export interface MetricsRouteOptions {
  registry: Registry
  /** When set, scrapes must send `Authorization: Bearer <token>`. */
  token?: string | undefined
}

/** `/metrics` in the Prometheus text format. */
export function metricsRoute({ registry, token }: MetricsRouteOptions): Handler<AppEnv> {
  const expected = token === undefined ? null : Buffer.from(`Bearer ${token}`)
  return async function metrics(c) {
    c.set('routeName', 'metrics')
    if (expected !== null && !matches(c.req.header('authorization'), expected)) {
      return c.text('Unauthorized', 401, { 'www-authenticate': 'Bearer realm="metrics"', 'cache-control': 'no-store' })
    }
    return c.body(await registry.metrics(), 200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
  }
}

/** Constant-time comparison, so the token cannot be guessed byte by byte from response times. */
function matches(header: string | undefined, expected: Buffer): boolean {
  if (header === undefined) return false
  const given = Buffer.from(header)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
