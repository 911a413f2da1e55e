import type { Logger } from 'pino'
import type { Env } from './env.ts'

/** The upstream API: API_BASE_URL, or the embedded demo API started here (exactly when it is unset). */
export async function upstreamApiOf(env: Env, log: Logger) {
  if (env.API_BASE_URL !== undefined) return { demoApi: null, apiBaseUrl: env.API_BASE_URL }
  const demoApi = await startEmbeddedDemoApi(log, env.PORT)
  return { demoApi, apiBaseUrl: demoApi.url }
}

/**
 * The demo API is imported only when it is about to run: the production bundle does not carry it
 * (build.mjs emits it as its own file), so an instance with API_BASE_URL never loads its code.
 */
async function startEmbeddedDemoApi(log: Logger, port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const { startDemoApi } = await import('./demo-api/start-demo-api.ts')
  const demoApi = await startDemoApi({ log: log.child({ component: 'demo-api' }) })
  log.info(
    { url: demoApi.url },
    'API_BASE_URL is not set: using the embedded demo API (open http://res.localhost:%d)',
    port,
  )
  return demoApi
}
