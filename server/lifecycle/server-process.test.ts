import { readdirSync, readFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawConnection, type RawConnection } from '../../test/raw-http.ts'
import {
  buildServerBundle,
  startDemoUpstream,
  startServerProcess,
  type ServerProcess,
} from '../../test/server-process.ts'

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

/** The demo API on 127.0.0.1; a search for "slow-one" waits for `slowGate`. */
async function startUpstream() {
  const state = { slowGate: gate(), slowWaiting: gate() }
  const upstream = await startDemoUpstream(async (request) => {
    if (
      new URL(request.url).pathname === '/v1/resource/search' &&
      (await request.clone().text()).includes('slow-one')
    ) {
      state.slowWaiting.open()
      await state.slowGate.opened
    }
  })
  return { ...upstream, state }
}

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setImmediate(resolve))
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(true))
  })

describe('the server process', { timeout: 120_000 }, () => {
  let bundle: ReturnType<typeof buildServerBundle>
  let upstream: Awaited<ReturnType<typeof startUpstream>>
  let server: ServerProcess | undefined
  beforeAll(async () => {
    bundle = buildServerBundle()
    upstream = await startUpstream()
  })
  afterAll(() => {
    server?.child.kill('SIGKILL')
    upstream.close()
    bundle.remove()
  })

  it('on SIGTERM drains keep-alive load without a reset or a lost request, finishes the slow one, and exits 0', async () => {
    server = await startServerProcess(bundle.entry, {
      NODE_ENV: 'production',
      API_BASE_URL: upstream.url,
      SHUTDOWN_DELAY_MS: '300',
      SHUTDOWN_TIMEOUT_MS: '15000',
    })
    const { port } = server
    const probe = await rawConnection(port)
    await waitUntil(async () => (await probe.get('/readyz')).status === 200)

    // Visitors on kept-alive sockets, each alternating a page and a readiness check, as a balancer
    // would, and opening a new socket when an answer says Connection: close (every one does once
    // the drain began).
    let sent = 0
    let answered = 0
    const connections: RawConnection[] = []
    const drained = gate()
    const workers = Array.from({ length: 4 }, async () => {
      let connection = await rawConnection(port)
      connections.push(connection)
      const ask = async (path: string, headers?: Record<string, string>) => {
        sent += 1
        const answer = await connection.get(path, headers)
        answered += 1
        if (answer.headers.connection === 'close') {
          await connection.closed
          connection = await rawConnection(port)
          connections.push(connection)
        }
        return answer
      }
      for (;;) {
        const page = await ask('/res/hot', { 'accept-encoding': 'br' })
        expect(page.status).toBe(200)
        const ready = await ask('/readyz')
        if (ready.status === 503) {
          // Draining: the answer closes its socket, so none is left idle for the drain to close.
          expect(ready.headers.connection).toBe('close')
          return drained.open()
        }
      }
    })
    // A request in flight across the whole drain (its data waits for the gate).
    const crawler = await rawConnection(port)
    const crawlerResponse = crawler.get('/s?query=slow-one', { 'user-agent': GOOGLEBOT })
    await upstream.state.slowWaiting.opened
    while (sent < 20) await new Promise((resolve) => setImmediate(resolve))

    server.child.kill('SIGTERM')
    await Promise.all(workers)
    await drained.opened
    await waitUntil(() => refused(port))
    upstream.state.slowGate.open()
    const slow = await crawlerResponse
    expect(slow.status).toBe(200)
    expect(slow.body.toString()).toContain('</html>')
    expect(slow.headers.connection).toBe('close')

    expect(await server.exited).toBe(0)
    for (const connection of [...connections, crawler, probe]) {
      await connection.closed
      expect(connection.events.filter((event) => event.startsWith('error'))).toEqual([])
    }
    expect(answered).toBe(sent)
    expect(server.stderr()).toBe('')
  })

  it('refuses to start in production without API_BASE_URL, naming the fix', async () => {
    await expect(startServerProcess(bundle.entry, { NODE_ENV: 'production' })).rejects.toThrow(
      /exited with 1[\s\S]*API_BASE_URL: must be set when NODE_ENV=production \(set DEMO_API=1/,
    )
  })

  it('with DEMO_API=1 and no API_BASE_URL, serves the demo sites from the demo API bundled apart', async () => {
    server = await startServerProcess(bundle.entry, { NODE_ENV: 'production', DEMO_API: '1' })
    const { port, child, lines } = server
    expect(
      lines.some((line) => String(line.msg).startsWith('API_BASE_URL is not set: using the embedded demo API')),
    ).toBe(true)
    const connection = await rawConnection(port)
    const home = await connection.get('/')
    expect(home.status).toBe(200)
    expect(home.body.toString()).toContain('</html>')
    connection.destroy()
    child.kill('SIGKILL')
  })

  it('loads libvips only with the first image it resizes', async () => {
    server = await startServerProcess(bundle.entry, { NODE_ENV: 'production', API_BASE_URL: upstream.url })
    const { port, child } = server
    const mapped = () => readFileSync(`/proc/${child.pid}/maps`, 'utf8').includes('libvips')
    const connection = await rawConnection(port)
    expect((await connection.get('/res/hot')).status).toBe(200)
    expect(mapped()).toBe(false)
    const picture = readdirSync(path.join(import.meta.dirname, '..', 'demo-api', 'media')).find((name) =>
      name.endsWith('.webp'),
    )!
    const image = await connection.get(
      `/_img/thumbnail?url=${encodeURIComponent(`${upstream.url}/media/${picture}`)}`,
      { accept: 'image/webp' },
    )
    expect(image.status).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')
    expect(mapped()).toBe(true)
    connection.destroy()
    child.kill('SIGKILL')
  })
})
