import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { accepts } from '../../test/loopback-ports.ts'
import { rawConnection, type RawConnection } from '../../test/raw-http.ts'
import { startDemoUpstream, useServerProcesses } from '../../test/server-process.ts'

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

/** The demo API on 127.0.0.1; a search for "slow-one" waits for `slowGate`. */
async function startUpstream() {
  const state = { slowGate: gate(), slowWaiting: gate() }
  const upstream = await startDemoUpstream(async (request, demo) => {
    if (
      new URL(request.url).pathname === '/v1/resource/search' &&
      (await request.clone().text()).includes('slow-one')
    ) {
      state.slowWaiting.open()
      await state.slowGate.opened
    }
    return demo(request)
  })
  return { ...upstream, state }
}

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setImmediate(resolve))
}

describe('the server process', { timeout: 120_000 }, () => {
  const processes = useServerProcesses(startUpstream)

  it('on SIGTERM drains keep-alive load without a reset or a lost request, finishes the slow one, and exits 0', async () => {
    const { upstream } = processes
    const server = await processes.start({
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
    await waitUntil(async () => !(await accepts(port)))
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
    await expect(processes.start({ NODE_ENV: 'production' })).rejects.toThrow(
      /exited with 1[\s\S]*API_BASE_URL: must be set when NODE_ENV=production \(set DEMO_API=1/,
    )
  })

  it('with DEMO_API=1 and no API_BASE_URL, serves the demo sites from the demo API bundled apart', async () => {
    const { port, child, lines } = await processes.start({ NODE_ENV: 'production', DEMO_API: '1' })
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
    const { upstream } = processes
    const { port, child } = await processes.start({ NODE_ENV: 'production', API_BASE_URL: upstream.url })
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
