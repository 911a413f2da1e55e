import type { Handler } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import type { Readiness } from '../../lifecycle/readiness.ts'

const NO_STORE = { 'cache-control': 'no-store' }

/** `/healthz`: the process is alive and answering. Never depends on the upstream or a tenant. */
export function healthzRoute(): Handler<AppEnv> {
  return function healthz(c) {
    c.set('routeName', 'healthz')
    return c.json({ status: 'ok' }, 200, NO_STORE)
  }
}

/**
 * `/readyz`: 200 once the upstream answered, 503 before that and from the moment shutdown begins,
 * so a load balancer only sends visitors to an instance that can serve them.
 */
export function readyzRoute(readiness: Readiness): Handler<AppEnv> {
  return function readyz(c) {
    c.set('routeName', 'readyz')
    const state = readiness.state
    return c.json({ status: state }, state === 'ready' ? 200 : 503, NO_STORE)
  }
}
