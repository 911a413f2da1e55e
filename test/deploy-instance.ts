import pino from 'pino'
import { request } from 'undici'
import { parseEnv } from '../server/env.ts'
import { startHttpServer } from '../server/lifecycle/http-server.ts'
import { createMetrics } from '../server/metrics/metrics.ts'
import { createServerDeps, type ServerDeps } from '../server/server-deps.ts'
import { distDir } from './harness.ts'

/** An instance behind the shipped Varnish or HAProxy config, in this process, on 127.0.0.1. */
export interface DeployInstance {
  url: string
  port: number
  /** Requests that reached it so far, by path. */
  served: Map<string, number>
  /** `POST /_internal/purge` of `body` for `host`, with the instance's PURGE_TOKEN; its JSON answer. */
  purge(host: string, body: Record<string, unknown>): Promise<{ status: number; json: Record<string, unknown> }>
  close(): Promise<void>
}

/**
 * An instance as server/index.ts starts one: dependencies from the parsed environment (`env` over
 * a silent log and no image endpoint), cache hits answered before the app.
 */
export async function startDeployInstance(
  env: Record<string, string>,
  options: { htmlCacheNow?: () => number } = {},
): Promise<DeployInstance> {
  const parsed = parseEnv({ IMAGE_OPTIMIZER: '0', LOG_LEVEL: 'silent', ...env })
  if (!parsed.ok) throw new Error(parsed.errors.join('; '))
  const deps: ServerDeps = await createServerDeps(parsed.env, {
    distRoot: distDir(),
    log: pino({ level: 'silent' }),
    metrics: createMetrics({ processMetrics: false }),
    ...(options.htmlCacheNow ? { htmlCache: { now: options.htmlCacheNow } } : {}),
  })
  const served = new Map<string, number>()
  const { server, port } = await startHttpServer({
    listener: (incoming, outgoing) => {
      const at = (incoming.url ?? '').split('?')[0] ?? ''
      served.set(at, (served.get(at) ?? 0) + 1)
      deps.app.listener(incoming, outgoing)
    },
    port: 0,
    hostname: '127.0.0.1',
    keepAliveTimeoutMs: parsed.env.KEEP_ALIVE_TIMEOUT_MS,
    headersTimeoutMs: parsed.env.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: 0,
  })
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    port,
    served,
    async purge(host, body) {
      const answer = await request(`${url}/_internal/purge`, {
        method: 'POST',
        headers: { host, authorization: `Bearer ${env.PURGE_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: answer.statusCode, json: (await answer.body.json()) as Record<string, unknown> }
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await deps.close()
    },
  }
}
