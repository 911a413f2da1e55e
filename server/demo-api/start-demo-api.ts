import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { Logger } from 'pino'
import { createDemoApi } from './app.ts'

export interface StartDemoApiOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  host?: string
  log?: Logger
  /** Tenant copies under generated host names (DemoApiOptions.tenantCopies): benchmarks only. */
  tenantCopies?: boolean
}

/** Serves the demo API over HTTP; resolves once it listens. */
export async function startDemoApi(
  options: StartDemoApiOptions = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const { port = 0, host = '127.0.0.1', log, tenantCopies = false } = options
  const api = createDemoApi({ ...(log ? { log } : {}), tenantCopies })
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: api.fetch, port, hostname: host }, (info: AddressInfo) => {
      server.off('error', reject)
      const shownHost = info.family === 'IPv6' ? `[${info.address}]` : info.address
      resolve({
        url: `http://${shownHost}:${info.port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((err) => (err ? fail(err) : done()))
            // Keep-alive connections would hold close() open; the demo has no long requests to wait for.
            if ('closeAllConnections' in server) server.closeAllConnections()
          }),
      })
    })
    server.once('error', reject)
  })
}
