import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { accepts } from '../../test/loopback-ports.ts'
import { rawConnection, type RawConnection } from '../../test/raw-http.ts'
import { until } from '../../test/poll.ts'
import { startDemoUpstream, useServerProcesses } from '../../test/server-process.ts'

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

/**
 * The demo API on 127.0.0.1; a search for "slow-one" waits for `slowGate`, and once `listGate` is
 * set, so does the list data (what a re-render of `/res/hot` reads afresh).
 */
async function startUpstream() {
  const state = {
    slowGate: gate(),
    slowWaiting: gate(),
    listGate: null as ReturnType<typeof gate> | null,
    listWaiting: gate(),
  }
  const upstream = await startDemoUpstream(async (request, demo) => {
    const { pathname } = new URL(request.url)
    if (pathname === '/v1/resource/search' && (await request.clone().text()).includes('slow-one')) {
      state.slowWaiting.open()
      await state.slowGate.opened
    }
    if (pathname === '/v1/resource/list' && state.listGate !== null) {
      state.listWaiting.open()
      await state.listGate.opened
    }
    return demo(request)
  })
  return { ...upstream, state }
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
    await until('ready', async () => (await probe.get('/readyz')).status === 200, { intervalMs: 0 })

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
    await until('20 requests sent', () => sent >= 20, { intervalMs: 0 })

    server.child.kill('SIGTERM')
    await Promise.all(workers)
    await drained.opened
    await until('the listener closed', async () => !(await accepts(port)), { intervalMs: 0 })
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

  // A stale page answered just before SIGTERM leaves its re-render running (here held at the
  // upstream): shutdown gives it what is left of SHUTDOWN_TIMEOUT_MS, and exits 1 if it cut it.
  async function stopWithReRenderRunning(opensAfterMs: number) {
    const { upstream } = processes
    const server = await processes.start({
      NODE_ENV: 'production',
      API_BASE_URL: upstream.url,
      HTML_CACHE_TTL_MS: '200',
      PAGE_TTL_MS: '100',
      CONFIG_STALE_MS: '0',
      SHUTDOWN_DELAY_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '1500',
      // Longer than the test: a cut re-render must not hold the exit until its upstream call times out.
      UPSTREAM_TIMEOUT_MS: '60000',
    })
    const connection = await rawConnection(server.port)
    expect((await connection.get('/res/hot')).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 400))
    const listGate = gate()
    upstream.state.listWaiting = gate()
    upstream.state.listGate = listGate
    try {
      const stale = await connection.get('/res/hot')
      expect(stale.status).toBe(200)
      expect(stale.headers.age).toBeDefined()
      await upstream.state.listWaiting.opened
      connection.destroy()
      server.child.kill('SIGTERM')
      let answered = false
      setTimeout(() => {
        answered = true
        listGate.open()
      }, opensAfterMs)
      const code = await server.exited
      return { code, lines: server.lines, answeredBeforeExit: answered }
    } finally {
      upstream.state.listGate = null
      listGate.open()
    }
  }

  it('on SIGTERM lets a re-render still running finish within SHUTDOWN_TIMEOUT_MS, and exits 0', async () => {
    const { code, lines, answeredBeforeExit } = await stopWithReRenderRunning(200)
    expect(answeredBeforeExit).toBe(true)
    expect(code).toBe(0)
    expect(lines.find((line) => line.msg === 'stopped')).toMatchObject({ result: 'drained', settled: true })
  })

  it('on SIGTERM cuts a re-render still running after SHUTDOWN_TIMEOUT_MS and its upstream call, says so, and exits 1', async () => {
    const { code, lines, answeredBeforeExit } = await stopWithReRenderRunning(10_000)
    expect(answeredBeforeExit).toBe(false)
    expect(code).toBe(1)
    expect(
      lines.find((line) => line.msg === 'renders or shared writes still running at shutdown are cut'),
    ).toMatchObject({ inFlight: 1, sharing: 0 })
    expect(lines.find((line) => line.msg === 'stopped')).toMatchObject({ result: 'drained', settled: false })
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
