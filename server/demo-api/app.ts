import { Hono } from 'hono'
import { pino, type Logger } from 'pino'
import { fail, STATUS } from './envelope.ts'
import type { DemoCall } from './call.ts'
import { createDemoTenants, DEMO_ACCOUNT } from './data/index.ts'
import { feedbackCalls } from './routes/routes-feedback.ts'
import { resolveMediaRefs } from './media-path.ts'
import { createMediaRoute } from './media-route.ts'
import { postCalls } from './routes/routes-post.ts'
import { resourceCalls } from './routes/routes-resource.ts'
import { rssCalls } from './routes/routes-rss.ts'
import { siteCalls } from './routes/routes-site.ts'
import { userCalls } from './routes/routes-user.ts'
import { findTenant, type DemoTenant } from './tenant.ts'
import { createUserStore } from './accounts/users.ts'

export interface DemoApiOptions {
  /** Where calls, verification codes and form submissions are logged. */
  log?: Logger
  /** Clock in milliseconds (Date.now by default); timestamps of the demo data are computed from it. */
  now?: () => number
  /** Folder of the committed media files (server/demo-api/media/, or dist/server/media/ in a build). */
  mediaDir?: string
  /** Answer `t<N>.<host>` as a copy of the tenant of `<host>` (see FindTenantOptions): benchmarks only. */
  tenantCopies?: boolean
}

export interface DemoApi {
  fetch: (request: Request) => Promise<Response> | Response
  tenants: readonly DemoTenant[]
}

const ALL_CALLS: readonly DemoCall[] = [
  ...siteCalls,
  ...rssCalls,
  ...userCalls,
  ...resourceCalls,
  ...postCalls,
  ...feedbackCalls,
]

/** Every path the demo answers (all calls of API.md). */
export const DEMO_CALL_PATHS: readonly string[] = ALL_CALLS.map((call) => call.path)

// An empty body counts as `{}`; anything else must be JSON.
async function readJson(request: Request): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await request.text()
  if (text.trim() === '') return { ok: true, value: {} }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/**
 * A JSON answer with its media references made absolute against `origin`, the address the API was
 * called at: the app reaches the media there, and `/_img` accepts that origin as the upstream's.
 */
async function withMediaUrls(response: Response, origin: string): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return response
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return new Response(resolveMediaRefs(await response.text(), origin), { status: response.status, headers })
}

/**
 * The demo upstream: every call of API.md over HTTP, with in-memory data for three sites. Each instance has
 * its own copy of the data and its own accounts, so tests never see each other's changes.
 */
export function createDemoApi(options: DemoApiOptions = {}): DemoApi {
  const log = options.log ?? pino({ name: 'demo-api' })
  const now = options.now ?? Date.now
  const tenants = createDemoTenants(now())
  const users = createUserStore({ now, log })
  for (const tenant of tenants)
    users.seed(tenant.site.site_id, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, { nick_name: DEMO_ACCOUNT.nick_name })

  const app = new Hono()
  const paths = new Set(ALL_CALLS.map((call) => call.path))

  // Every call is a POST (API.md "Transport"); other methods on a known path are a client bug worth naming.
  app.use('*', async (c, next) => {
    if (c.req.method !== 'POST' && paths.has(c.req.path)) {
      return c.json(fail(405, `${c.req.path} only accepts POST`), 405, { Allow: 'POST' })
    }
    await next()
  })

  for (const call of ALL_CALLS) {
    app.post(call.path, async (c) => {
      const tenant = findTenant(tenants, c.req.header('app-domain'), { copies: options.tenantCopies ?? false })
      // An unknown site is a normal answer, not an HTTP error (API.md "Transport").
      if (!tenant) return c.json(fail(STATUS.notFound, 'site not found'))
      const body = await readJson(c.req.raw)
      if (!body.ok) return c.json(fail(400, 'malformed JSON body'), 400)
      const result = await call.run(body.value, { c, tenant, log, now, users })
      const response = await withMediaUrls(
        result instanceof Response ? result : c.json(result),
        new URL(c.req.url).origin,
      )
      log.debug({ path: call.path, site_id: tenant.site.site_id, http_status: response.status }, 'demo call')
      return response
    })
  }

  // Pictures and clips the answers point at, under the address the API was called at.
  app.on(['GET', 'HEAD'], '/media/*', createMediaRoute(options.mediaDir ? { dir: options.mediaDir } : {}))

  app.notFound((c) => c.json(fail(STATUS.notFound, `no such call: ${c.req.path}`), 404))
  app.onError((err, c) => {
    log.error({ err, path: c.req.path }, 'demo call failed')
    return c.json(fail(500, 'internal error'), 500)
  })

  return { fetch: (request) => app.fetch(request), tenants }
}
