import { readFileSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'
import path from 'node:path'
import { connect, type PeerCertificate } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from 'undici'
import { closeHttpServer, type HttpServer, startHttpServer } from '../server/lifecycle/http-server.ts'
import { createMetrics, type Metrics } from '../server/metrics/metrics.ts'
import { startCaddy, type TestCaddy } from './caddy-server.ts'
import { startTestSite, type TestSite } from './harness.ts'

// The shipped docs/deploy/Caddyfile in Debian's caddy, signing with its own CA, in front of an
// instance on 127.0.0.1 (in-process, its operations on a port of their own) serving the demo sites.

const SERVER_OPTIONS = { hostname: '127.0.0.1', keepAliveTimeoutMs: 5000, headersTimeoutMs: 6000, requestTimeoutMs: 0 }

/** A TLS handshake with Caddy for `servername`: the certificate it presented, or the error that ended it. */
function handshake(
  port: number,
  servername: string,
  ca?: Buffer,
): Promise<{ ok: true; cert: PeerCertificate; authorized: boolean } | { ok: false; error: string }> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, servername, ...(ca ? { ca } : { rejectUnauthorized: false }) })
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate(true)
      resolve({ ok: true, cert, authorized: socket.authorized })
      socket.destroy()
    })
    socket.once('error', (error) => resolve({ ok: false, error: error.message }))
  })
}

/** A GET over HTTPS to Caddy with `servername` as SNI and Host, trusting only `ca`. */
function httpsGet(
  port: number,
  servername: string,
  pathname: string,
  ca: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        servername,
        ca,
        path: pathname,
        headers: { host: servername, ...headers },
        agent: false,
      },
      (answer) => {
        let body = ''
        answer.setEncoding('utf8')
        answer.on('data', (chunk: string) => (body += chunk))
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }))
        answer.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end()
  })
}

describe('behind the shipped Caddyfile (on-demand TLS)', { timeout: 60_000 }, () => {
  let site: TestSite
  let metrics: Metrics
  let instance: HttpServer
  let admin: HttpServer
  let caddy: TestCaddy
  /** Site config loads the stub upstream saw per app-domain. */
  const lookups = new Map<string, number>()
  /** The headers of each request that reached the instance's public port. */
  const reached: IncomingHttpHeaders[] = []
  const rootOf = () => readFileSync(path.join(caddy.dataDir, 'pki', 'authorities', 'local', 'root.crt'))

  beforeAll(async () => {
    metrics = createMetrics({ processMetrics: false })
    site = await startTestSite({
      app: { operationsApart: true, trustProxy: 1, metrics },
      upstream: (request, demo) => {
        if (new URL(request.url).pathname === '/v1/site_page/web_get') {
          const name = request.headers.get('app-domain') ?? ''
          lookups.set(name, (lookups.get(name) ?? 0) + 1)
        }
        return demo(request)
      },
    })
    const { app } = site
    if (app.operations === undefined) throw new Error('operationsApart gives the app its operations app')
    instance = await startHttpServer({
      ...SERVER_OPTIONS,
      port: 0,
      listener: (incoming, outgoing) => {
        reached.push(incoming.headers)
        app.listener(incoming, outgoing)
      },
    })
    admin = await startHttpServer({ ...SERVER_OPTIONS, port: 0, fetch: app.operations.fetch })
    caddy = await startCaddy({
      backend: `127.0.0.1:${instance.port}`,
      askUrl: `http://127.0.0.1:${admin.port}/_internal/tls-ask`,
    })
  })
  afterAll(async () => {
    await caddy?.stop()
    if (admin) await closeHttpServer(admin.server)
    if (instance) await closeHttpServer(instance.server)
    await site?.close()
  })

  it("gets a tenant domain a certificate from Caddy's CA at its first handshake and serves its page over HTTPS", async () => {
    const root = rootOf()
    const first = await handshake(caddy.httpsPort, 'res.localhost', root)
    if (!first.ok) throw new Error(`${first.error}\n${caddy.output()}`)
    expect(first.authorized).toBe(true)
    expect(first.cert.subjectaltname).toBe('DNS:res.localhost')
    // An alias gets one of its own.
    const alias = await handshake(caddy.httpsPort, 'www.res.localhost', root)
    expect(alias.ok && alias.cert.subjectaltname).toBe('DNS:www.res.localhost')

    const page = await httpsGet(caddy.httpsPort, 'res.localhost', '/res/hot', root, { cookie: 'lang=zh' })
    expect(page.status).toBe(200)
    expect(page.body).toContain('</html>')
  })

  it('passes the client address, scheme and host on, and nothing a client wrote in those headers', async () => {
    const root = rootOf()
    reached.length = 0
    const forged = {
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-host': 'nav.localhost',
      'x-forwarded-proto': 'http',
      forwarded: 'for=203.0.113.9;host=nav.localhost;proto=http',
      'x-real-ip': '203.0.113.9',
    }
    const page = await httpsGet(caddy.httpsPort, 'res.localhost', '/res/hot', root, { cookie: 'lang=zh', ...forged })
    expect(page.status).toBe(200)
    expect(reached).toHaveLength(1)
    const [headers] = reached
    expect(headers).toMatchObject({
      host: 'res.localhost',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'res.localhost',
    })
    expect(headers).not.toHaveProperty('forwarded')
    expect(headers).not.toHaveProperty('x-real-ip')
  })

  it('redirects plain HTTP to HTTPS', async () => {
    const answer = await request(`${caddy.url}/res/hot?page=2`, { headers: { host: 'res.localhost' } })
    await answer.body.dump()
    expect(answer.statusCode).toBe(308)
    expect(answer.headers.location).toBe('https://res.localhost/res/hot?page=2')
  })

  it('gives an unknown domain, an IP literal or no name at all no certificate', async () => {
    for (const name of ['nobody.example', 'localhost', '127.0.0.1', ''])
      expect(`${name}: ${(await handshake(caddy.httpsPort, name)).ok}`).toBe(`${name}: false`)
  })

  it('500 handshakes for unknown names ask the upstream once per name', async () => {
    const names = Array.from({ length: 5 }, (_, i) => `flood-${i}.example`)
    const outcomes: boolean[] = []
    // 25 handshakes at a time, each name a hundred times.
    const queue = names.flatMap((name) => Array.from({ length: 100 }, () => name))
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        for (let name = queue.pop(); name !== undefined; name = queue.pop())
          outcomes.push((await handshake(caddy.httpsPort, name)).ok)
      }),
    )
    expect(outcomes).toHaveLength(500)
    expect(outcomes.every((ok) => !ok)).toBe(true)
    expect(names.map((name) => lookups.get(name))).toEqual([1, 1, 1, 1, 1])
    // Caddy asked about each name, the instance answered from its negative cache after the first.
    const asks = await metrics.registry.getSingleMetric('tls_asks_total')?.get()
    const unknown = asks?.values.find((value) => value.labels.outcome === 'unknown')?.value ?? 0
    expect(unknown).toBeGreaterThanOrEqual(names.length)
  })
})
