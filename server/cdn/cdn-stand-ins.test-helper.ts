import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { Hono, type Context } from 'hono'

/** A request a stand-in received, as it arrived. */
interface Received {
  method: string
  path: string
  headers: Record<string, string>
  body: string
  /** When it arrived (`Date.now()`), to tell how far apart two calls came. */
  at: number
}

/** An answer forced on the next request, before the stand-in's own rules: a status, body and headers, or `hang` (never answers). */
type Forced = { status: number; body: string; headers?: Record<string, string> } | 'hang'

/** A CDN's purge API on 127.0.0.1 that checks the documented request shapes and answers as the CDN does. */
export interface StandIn {
  /** e.g. http://127.0.0.1:40123 */
  url: string
  received: Received[]
  /** Answers the next requests with these, in order, before applying the rules. */
  force(...answers: Forced[]): void
  close(): Promise<void>
}

export const CLOUDFLARE_ZONE = '023e105f4ecef8ad9ca31a8372d0c353'
export const FASTLY_SERVICE = 'SU1Z0isxPaozGVKXdv0eY'

/**
 * Varnish with docs/deploy/varnish.vcl's purge rules: `PURGE /` with `xkey-purge` or
 * `xkey-softpurge`, or `PURGE <path>` with a Host; anything else is a 400, as the VCL answers.
 */
export function startVarnishStandIn(): Promise<StandIn> {
  return startStandIn((app) => {
    app.on('PURGE', '*', async (c) => {
      const keys = c.req.header('xkey-purge') ?? c.req.header('xkey-softpurge')
      if (keys !== undefined && c.req.path === '/') return synth(c, 200, `Purged ${keys.split(' ').length}`)
      if (keys === undefined && c.req.header('host') && c.req.path.startsWith('/')) return synth(c, 200, 'Banned')
      return synth(c, 400, 'PURGE needs xkey-purge, xkey-softpurge, or a path and Host')
    })
  })
}

/**
 * Cloudflare's `POST /client/v4/zones/<zone>/purge_cache`: a bearer token, one of `tags`, `files` or
 * `purge_everything`, at most 100 tags or files; its envelope `{"success", "errors", "messages", "result"}`.
 */
export function startCloudflareStandIn(token: string): Promise<StandIn> {
  return startStandIn((app) => {
    app.post('/client/v4/zones/:zone/purge_cache', async (c) => {
      if (c.req.header('authorization') !== `Bearer ${token}`) return cloudflare(c, 403, 10000, 'Authentication error')
      if (c.req.param('zone') !== CLOUDFLARE_ZONE) return cloudflare(c, 404, 7003, 'Could not route to /zones')
      const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null
      const list = body?.tags ?? body?.files
      if (body?.purge_everything === true || (Array.isArray(list) && list.length > 0 && list.length <= 100))
        return c.json({ success: true, errors: [], messages: [], result: { id: CLOUDFLARE_ZONE } })
      return cloudflare(c, 400, 1015, 'Invalid purge request')
    })
  })
}

/**
 * Fastly's purge API: `POST /service/<id>/purge` with `Fastly-Key` and at most 256 keys in
 * `Surrogate-Key`, `POST /service/<id>/purge_all`, `POST /purge/<host><path>`; errors as `{"msg", "detail"}`.
 */
export function startFastlyStandIn(token: string): Promise<StandIn> {
  return startStandIn((app) => {
    app.use('*', async (c, next) => {
      if (c.req.method !== 'POST') return c.json({ msg: 'Method not allowed' }, 405)
      if (c.req.header('fastly-key') !== token)
        return c.json({ msg: 'Provided credentials are missing or invalid', detail: 'Check your API token' }, 401)
      await next()
    })
    app.post(`/service/${FASTLY_SERVICE}/purge`, (c) => {
      const keys = (c.req.header('surrogate-key') ?? '').split(' ').filter(Boolean)
      if (keys.length === 0 || keys.length > 256) return c.json({ msg: 'Bad request', detail: 'surrogate keys' }, 400)
      return c.json(Object.fromEntries(keys.map((key, i) => [key, `purge-${i}`])))
    })
    app.post(`/service/${FASTLY_SERVICE}/purge_all`, (c) => c.json({ status: 'ok' }))
    app.post('/purge/:rest{.+}', (c) => c.json({ status: 'ok', id: 'purge-url' }))
    app.all('*', (c) => c.json({ msg: 'Record not found', detail: 'Cannot find service' }, 404))
  })
}

function synth(c: Context, status: 200 | 400, reason: string) {
  return c.html(`<!DOCTYPE html><html><head><title>${status} ${reason}</title></head><body></body></html>`, status)
}

function cloudflare(c: Context, status: 400 | 403 | 404, code: number, message: string) {
  return c.json({ success: false, errors: [{ code, message }], messages: [], result: null }, status)
}

async function startStandIn(routes: (app: Hono) => void): Promise<StandIn> {
  const received: Received[] = []
  const forced: Forced[] = []
  const app = new Hono()
  app.use('*', async (c, next) => {
    const at = Date.now()
    const body = await c.req.text()
    received.push({
      at,
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      headers: Object.fromEntries(c.req.raw.headers),
      body,
    })
    const answer = forced.shift()
    if (answer === 'hang') return new Promise<Response>(() => {})
    if (answer !== undefined)
      return c.body(answer.body, answer.status as 200, { 'content-type': 'application/json', ...answer.headers })
    await next()
  })
  routes(app)
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started))
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    force: (...answers) => void forced.push(...answers),
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        if ('closeAllConnections' in server) server.closeAllConnections()
      }),
  }
}
