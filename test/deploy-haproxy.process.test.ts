import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from 'undici'
import { startHaproxy, type TestHaproxy } from './haproxy-server.ts'
import { freePort } from './loopback-ports.ts'
import { until } from './poll.ts'
import { buildServerBundle, startDemoUpstream, startServerProcess, type ServerProcess } from './server-process.ts'

// The shipped docs/deploy/haproxy.cfg in Debian's haproxy, in front of two built server processes
// on 127.0.0.1 serving the demo sites.

/** Visitors on kept-alive connections to the balancer, one request at a time each. */
const VISITORS = 4
/**
 * The names the res tenant answers to: the balancer sends each Host to one instance, so visitors
 * asking under all of them reach both.
 */
const HOSTS = ['res.localhost', 'localhost', '127.0.0.1', 'www.res.localhost']
/** Health checks every 200 ms: a draining instance is out within 400 ms, well inside its delay. */
const CHECK_INTERVAL = '200ms'

interface Load {
  sent: number
  answered: number
  /** Anything but a complete 200, with what it was. */
  failures: string[]
  /** Connections the visitors opened to the balancer, and lost. */
  connects: number
  disconnects: number
  stop(): Promise<void>
}

/** Visitors asking for pages through the balancer without a pause, each on one kept-alive connection. */
function startLoad(url: string): Load {
  let running = true
  const load: Load = { sent: 0, answered: 0, failures: [], connects: 0, disconnects: 0, stop: async () => {} }
  const visitors = Array.from({ length: VISITORS }, async () => {
    const client = new Client(url, { pipelining: 1, keepAliveTimeout: 60_000 })
    client.on('connect', () => (load.connects += 1))
    client.on('disconnect', () => (load.disconnects += 1))
    try {
      for (let turn = 0; running; turn++) {
        load.sent += 1
        try {
          const answer = await client.request({
            path: '/res/hot',
            method: 'GET',
            headers: { host: HOSTS[turn % HOSTS.length] ?? 'res.localhost', cookie: 'lang=zh' },
          })
          const body = await answer.body.text()
          if (answer.statusCode === 200 && body.includes('</html>')) load.answered += 1
          else load.failures.push(`status ${answer.statusCode}: ${body.slice(0, 160)}`)
        } catch (error) {
          load.failures.push(String(error))
        }
      }
    } finally {
      await client.close()
    }
  })
  load.stop = async () => {
    running = false
    await Promise.all(visitors)
  }
  return load
}

/** Resolves once the process has answered `count` page requests with 200 (health checks are not logged at info). */
async function servedPages(instance: ServerProcess, count = 5): Promise<void> {
  const pages = () =>
    instance.lines.filter((line) => line.msg === 'request' && line.path === '/res/hot' && line.status === 200).length
  await until(`${count} pages served`, () => pages() >= count)
}

describe('behind the shipped HAProxy config', { timeout: 60_000 }, () => {
  let bundle: ReturnType<typeof buildServerBundle>
  let upstream: Awaited<ReturnType<typeof startDemoUpstream>>
  let haproxy: TestHaproxy | undefined
  const instances: ServerProcess[] = []
  let ports: [number, number]

  beforeAll(async () => {
    bundle = buildServerBundle()
    upstream = await startDemoUpstream()
    ports = [await freePort(), await freePort()]
  })
  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGKILL')
    await haproxy?.stop()
    upstream?.close()
    bundle?.remove()
  })

  const start = async (port: number) => {
    const instance = await startServerProcess(bundle.entry, {
      NODE_ENV: 'production',
      API_BASE_URL: upstream.url,
      PORT: String(port),
      SHUTDOWN_DELAY_MS: '1000',
      SHUTDOWN_TIMEOUT_MS: '10000',
    })
    instances.push(instance)
    return instance
  }

  it('a rolling restart under keep-alive load (SIGTERM one, start it again, then the other) loses no request', async () => {
    let [first, second] = [await start(ports[0]), await start(ports[1])]
    haproxy = await startHaproxy(ports, { checkInterval: CHECK_INTERVAL })
    const load = startLoad(haproxy.url)
    try {
      // Both instances take visitors before the restart begins.
      await Promise.all([servedPages(first), servedPages(second)])
      for (const index of [0, 1] as const) {
        const old = index === 0 ? first : second
        old.child.kill('SIGTERM')
        expect(await old.exited).toBe(0)
        const restarted = await start(ports[index])
        // Back in the balancer's rotation: it answers visitors again.
        await servedPages(restarted)
        if (index === 0) first = restarted
        else second = restarted
      }
    } finally {
      await load.stop()
    }
    // The first few failures say what went wrong (a 503 from the balancer, or from an instance),
    // and the balancer's log when it took instances out and back.
    const states = haproxy
      .output()
      .split('\n')
      .filter((line) => / is (UP|DOWN)/.test(line))
    expect({ failed: load.failures.length, first: load.failures.slice(0, 3) }, states.join('\n')).toEqual({
      failed: 0,
      first: [],
    })
    expect(load.answered).toBe(load.sent)
    expect(load.answered).toBeGreaterThan(50)
    // The visitors kept their connections to the balancer throughout.
    expect(load.connects).toBe(VISITORS)
    expect(load.disconnects).toBe(VISITORS)
    for (const instance of instances) expect(instance.stderr()).toBe('')
  })

  // Sibling sites of one parent domain may fill a visitor's Cookie header; the instances take request
  // heads up to 64 KiB, and so must the balancer, or every page of the tenant answers 400 there.
  it("passes a page request carrying 20 KiB of other sites' cookies", async () => {
    if (!haproxy) throw new Error('the rolling restart test starts the balancer')
    const cookie = Array.from({ length: 40 }, (_, i) => `other_site_${i}=${'x'.repeat(500)}`).join('; ')
    const client = new Client(haproxy.url)
    try {
      const answer = await client.request({
        path: '/res/hot',
        method: 'GET',
        headers: { host: 'res.localhost', cookie: `${cookie}; lang=zh` },
      })
      const body = await answer.body.text()
      expect(cookie.length).toBeGreaterThan(20_000)
      expect(answer.statusCode).toBe(200)
      expect(body).toContain('</html>')
    } finally {
      await client.close()
    }
  })
})
