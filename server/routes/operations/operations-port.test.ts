import { afterEach, describe, expect, it } from 'vitest'
import { request } from 'undici'
import { startTestSite, type TestSite } from '../../../test/harness.ts'
import { closeHttpServer, startHttpServer, type HttpServer } from '../../lifecycle/http-server.ts'

const TOKEN = 'purge-token-for-tests-0123'
const AUTH = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }

let site: TestSite | undefined
let admin: HttpServer | undefined
afterEach(async () => {
  if (admin) await closeHttpServer(admin.server)
  await site?.close()
  site = undefined
  admin = undefined
})

/** A request over a socket to `base`, as a load balancer's probe or a scraper sends it. */
async function send(
  base: string,
  path: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
) {
  const answer = await request(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: { host: 'res.localhost', ...init.headers },
    ...(init.body !== undefined ? { body: init.body } : {}),
  })
  return { status: answer.statusCode, text: await answer.body.text() }
}

const urlOf = (server: HttpServer) => `http://127.0.0.1:${server.port}`

describe('ADMIN_PORT: the operations endpoints on a port of their own', () => {
  it('answers health, readiness, metrics and purges there, and none of them on the public port', async () => {
    site = await startTestSite({ listen: true, purgeToken: TOKEN, app: { operationsApart: true } })
    const operations = site.app.operations
    if (operations === undefined) throw new Error('operationsApart gives the app its operations app')
    admin = await startHttpServer({
      fetch: operations.fetch,
      port: 0,
      hostname: '127.0.0.1',
      keepAliveTimeoutMs: 5000,
      headersTimeoutMs: 6000,
      requestTimeoutMs: 10_000,
    })
    const publicUrl = site.url ?? ''
    const purge = { method: 'POST', headers: AUTH, body: JSON.stringify({ host: 'res.localhost' }) } as const

    // The public port: pages as ever, no operations endpoint.
    expect((await send(publicUrl, '/res/hot', { headers: { cookie: 'lang=zh' } })).status).toBe(200)
    for (const path of ['/healthz', '/readyz', '/metrics'])
      expect(`${path} ${(await send(publicUrl, path)).status}`).toBe(`${path} 404`)
    expect((await send(publicUrl, '/_internal/purge', purge)).status).toBe(404)

    // The operations port: every endpoint, and no page.
    const base = urlOf(admin)
    expect(await send(base, '/healthz')).toEqual({ status: 200, text: '{"status":"ok"}' })
    expect(await send(base, '/readyz')).toEqual({ status: 200, text: '{"status":"ready"}' })
    const metrics = await send(base, '/metrics')
    expect(metrics.status).toBe(200)
    // One registry: the page view on the public port is counted here.
    expect(metrics.text).toMatch(/route="res-hot"/)
    const purged = await send(base, '/_internal/purge', purge)
    expect(purged.status).toBe(200)
    expect(JSON.parse(purged.text)).toMatchObject({ hosts: expect.arrayContaining(['res.localhost']) })
    expect(
      (await send(base, '/_internal/purge', { ...purge, headers: { 'content-type': 'application/json' } })).status,
    ).toBe(401)
    expect((await send(base, '/res/hot', { headers: { cookie: 'lang=zh' } })).status).toBe(404)
  })

  it('unset: the public port answers them, as before, and there is no operations app', async () => {
    site = await startTestSite({ listen: true, purgeToken: TOKEN })
    expect(site.app.operations).toBeUndefined()
    const publicUrl = site.url ?? ''
    expect((await send(publicUrl, '/healthz')).status).toBe(200)
    expect((await send(publicUrl, '/readyz')).status).toBe(200)
    expect((await send(publicUrl, '/metrics')).status).toBe(200)
    const purge = { method: 'POST', headers: AUTH, body: JSON.stringify({ host: 'res.localhost' }) } as const
    expect((await send(publicUrl, '/_internal/purge', purge)).status).toBe(200)
  })
})
