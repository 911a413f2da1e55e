import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { accepts, freePort } from '../../test/loopback-ports.ts'
import { until } from '../../test/poll.ts'
import { startDemoUpstream, useServerProcesses } from '../../test/server-process.ts'

const TOKEN = 'purge-token-for-tests-0123'

async function get(port: number, path: string, headers: Record<string, string> = {}) {
  const answer = await request(`http://127.0.0.1:${port}${path}`, { headers: { host: 'res.localhost', ...headers } })
  return { status: answer.statusCode, text: await answer.body.text() }
}

/** The built server started as in production, with ADMIN_PORT set: index.ts's wiring end to end. */
describe('the server process with ADMIN_PORT', { timeout: 60_000 }, () => {
  const processes = useServerProcesses(() => startDemoUpstream())

  it('serves the probes, metrics and purges on ADMIN_PORT only, answers /readyz 503 there through the drain, then closes it', async () => {
    const adminPort = await freePort()
    const server = await processes.start({
      NODE_ENV: 'production',
      API_BASE_URL: processes.upstream.url,
      ADMIN_PORT: String(adminPort),
      PURGE_TOKEN: TOKEN,
      SHUTDOWN_DELAY_MS: '1000',
      SHUTDOWN_TIMEOUT_MS: '15000',
    })
    const { port, lines } = server
    await until('the operations port', () => lines.some((line) => line.msg === 'operations endpoints listening'))
    expect(lines.find((line) => line.msg === 'operations endpoints listening')).toMatchObject({ port: adminPort })
    await until('ready', async () => (await get(adminPort, '/readyz')).status === 200)

    expect((await get(port, '/res/hot', { cookie: 'lang=zh' })).status).toBe(200)
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      expect(`public ${path} ${(await get(port, path)).status}`).toBe(`public ${path} 404`)
      expect(`admin ${path} ${(await get(adminPort, path)).status}`).toBe(`admin ${path} 200`)
    }
    const purge = {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', host: 'x' },
      body: '{"host":"res.localhost"}',
    } as const
    expect((await request(`http://127.0.0.1:${port}/_internal/purge`, purge)).statusCode).toBe(404)
    expect((await request(`http://127.0.0.1:${adminPort}/_internal/purge`, purge)).statusCode).toBe(200)

    server.child.kill('SIGTERM')
    await until('draining', async () => (await get(adminPort, '/readyz')).status === 503)
    expect(await server.exited).toBe(0)
    expect(await accepts(adminPort)).toBe(false)
    expect(server.stderr()).toBe('')
  })
})
