import net from 'node:net'
import pino from 'pino'
import { Pool } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { rawConnection } from '../../test/raw-http.ts'
import { NO_PROXY_TRUST } from '../http/trusted-forwarding.ts'
import { createFrontDoor } from './front-door.ts'
import { createGracefulShutdown, type GracefulShutdown } from './graceful-shutdown.ts'
import { startHttpServer, type HttpServer } from './http-server.ts'
import { createReadiness, type Readiness } from './readiness.ts'

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

const silent = pino({ level: 'silent' })

interface Fixture {
  http: HttpServer
  readiness: Readiness
  graceful: GracefulShutdown
  /** Opens when the shutdown starts waiting out its delay; `endDelay` ends it. */
  delayStarted: Promise<void>
  endDelay: () => void
  /** Requests to /slow wait for this. */
  slow: ReturnType<typeof gate>
  slowStarted: Promise<void>
  /** Requests to /hold wait for this; `held` counts those that arrived. */
  hold: ReturnType<typeof gate>
  held: { count: number }
}

async function start(
  timeoutMs = 20_000,
  timeouts = { keepAliveTimeoutMs: 65_000, headersTimeoutMs: 66_000, requestTimeoutMs: 300_000 },
): Promise<Fixture> {
  const readiness = createReadiness()
  readiness.markReady()
  const slow = gate()
  const slowStarted = gate()
  const hold = gate()
  const held = { count: 0 }
  const door = createFrontDoor({
    proxyTrust: NO_PROXY_TRUST,
    // Answered on Node's response before the app, synchronously, as cache hits are.
    answerBeforeApp: (admitted, outgoing) => {
      if (admitted.facts.target.pathname !== '/first') return false
      outgoing.end('answered first')
      return true
    },
    app: async (request) => {
      const path = new URL(request.url).pathname
      if (path === '/readyz') return new Response(readiness.state, { status: readiness.state === 'ready' ? 200 : 503 })
      if (path === '/hold') {
        held.count += 1
        await hold.opened
        return new Response('held')
      }
      if (path === '/slow') {
        slowStarted.open()
        await slow.opened
        return new Response('slow done')
      }
      return new Response(`ok ${path}`)
    },
  })
  const http = await startHttpServer({ port: 0, hostname: '127.0.0.1', ...timeouts, listener: door.listener })
  const delayStarted = gate()
  const delayEnded = gate()
  const graceful = createGracefulShutdown({
    server: http.server,
    readiness,
    delayMs: 1000,
    timeoutMs,
    log: silent,
    wait: () => {
      delayStarted.open()
      return delayEnded.opened
    },
  })
  return {
    http,
    readiness,
    graceful,
    delayStarted: delayStarted.opened,
    endDelay: delayEnded.open,
    slow,
    slowStarted: slowStarted.opened,
    hold,
    held,
  }
}

describe('HTTP server timeouts', () => {
  let http: HttpServer | undefined
  afterEach(() => http?.server.close())

  it('applies the configured keep-alive, headers and request timeouts', async () => {
    http = await startHttpServer({
      port: 0,
      hostname: '127.0.0.1',
      keepAliveTimeoutMs: 65_000,
      headersTimeoutMs: 66_000,
      requestTimeoutMs: 120_000,
      fetch: () => new Response('x'),
    })
    expect(http.server.keepAliveTimeout).toBe(65_000)
    expect(http.server.headersTimeout).toBe(66_000)
    expect(http.server.requestTimeout).toBe(120_000)
  })

  it('closes a connection whose headers never finish, without a response', async () => {
    http = await startHttpServer({
      port: 0,
      hostname: '127.0.0.1',
      keepAliveTimeoutMs: 100,
      headersTimeoutMs: 200,
      requestTimeoutMs: 400,
      fetch: () => new Response('x'),
    })
    const connection = await rawConnection(http.port)
    connection.write('GET / HTTP/1.1\r\nHost: res.localhost\r\nX-Slow: ')
    await connection.closed
    expect(connection.events).toContain('close')
  })
})

/** The fixture of the running test, closed after it. */
let fixture: Fixture | undefined

function closeFixture(): void {
  fixture?.slow.open()
  fixture?.hold.open()
  fixture?.http.server.closeAllConnections()
  fixture?.http.server.close()
  fixture = undefined
}

describe('graceful shutdown over real sockets', () => {
  afterEach(closeFixture)

  it('drains: ready goes 503 at once, requests are served through the delay, in-flight ones finish, sockets close cleanly', async () => {
    fixture = await start()
    const { http, graceful } = fixture
    const idle = await rawConnection(http.port)
    const busy = await rawConnection(http.port)
    const active = await rawConnection(http.port)
    expect((await idle.get('/a')).headers.connection).toBe('keep-alive')
    const slowResponse = busy.get('/slow')
    await fixture.slowStarted

    const result = graceful.shutdown('SIGTERM')
    await fixture.delayStarted
    // During the delay: readiness says go away, yet every request is still served, each on a socket
    // that closes after its answer, so none is left for the client to reuse when the server stops.
    const ready = await active.get('/readyz')
    expect(ready.status).toBe(503)
    expect(ready.headers.connection).toBe('close')
    await active.closed
    expect(active.events).toEqual(['end', 'close'])
    const next = await rawConnection(http.port)
    const b = await next.get('/b')
    expect(b.body.toString()).toBe('ok /b')
    expect(b.headers.connection).toBe('close')
    await next.closed

    fixture.endDelay()
    // The idle socket, silent through its grace, is closed with a FIN; the busy one keeps going.
    await idle.closed
    expect(idle.events).toEqual(['end', 'close'])
    await expect(
      new Promise((resolve, reject) =>
        net.connect(http.port, '127.0.0.1').once('connect', resolve).once('error', reject),
      ),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' })

    fixture.slow.open()
    const slow = await slowResponse
    expect(slow.status).toBe(200)
    expect(slow.body.toString()).toBe('slow done')
    await busy.closed
    expect(busy.events).toEqual(['end', 'close'])
    expect(await result).toBe('drained')
    expect(graceful.openSockets).toBe(0)
  })

  it.each([
    ['/late', 'ok /late'],
    ['/first', 'answered first'],
  ])(
    'answers a request (%s) that arrives on a kept-alive socket after the delay, with Connection: close',
    async (path, body) => {
      fixture = await start()
      const { http, graceful } = fixture
      const busy = await rawConnection(http.port)
      const late = await rawConnection(http.port)
      const slowResponse = busy.get('/slow')
      await fixture.slowStarted
      // `late` is mid-request (headers sent, no blank line yet) when the drain begins, so it is not idle.
      late.write(`GET ${path} HTTP/1.1\r\nHost: res.localhost\r\n`)
      const result = graceful.shutdown('SIGTERM')
      await fixture.delayStarted
      fixture.endDelay()
      const lateResponse = late.next()
      late.write('\r\n')
      const response = await lateResponse
      expect(response.body.toString()).toBe(body)
      expect(response.headers.connection).toBe('close')
      await late.closed
      expect(late.events).toEqual(['end', 'close'])
      fixture.slow.open()
      await slowResponse
      expect(await result).toBe('drained')
    },
  )

  it('cuts what is still open at the timeout and says so', async () => {
    fixture = await start(300)
    const { http, graceful } = fixture
    const busy = await rawConnection(http.port)
    void busy.get('/slow').catch(() => undefined)
    await fixture.slowStarted
    const result = graceful.shutdown('SIGTERM')
    await fixture.delayStarted
    fixture.endDelay()
    expect(await result).toBe('forced')
    await busy.closed
  })
})

describe('graceful shutdown under keep-alive load', () => {
  afterEach(closeFixture)

  it('keeps keep-alive load answered through the drain: Connection: close from the signal on, then refused connections, never a reset', async () => {
    fixture = await start()
    const { http, graceful, held } = fixture
    const pool = new Pool(`http://127.0.0.1:${http.port}`, { connections: 12, pipelining: 1, keepAliveTimeout: 60_000 })
    const outcomes = { before: 0, closeDuringDrain: 0, keepAliveDuringDrain: 0, refused: 0, failures: [] as string[] }
    let phase: 'before' | 'draining' | 'holding' | 'closed' = 'before'
    const progress = { answered: 0, waiter: null as null | { count: number; open: () => void } }
    const answeredUntil = (count: number) =>
      new Promise<void>((resolve) => (progress.waiter = { count: progress.answered + count, open: resolve }))
    // Alternating the path answered before the app (as cache hits are) and the app's.
    const worker = async (index: number) => {
      for (let sent = 0; sent < 5000; sent += 1) {
        const path = phase === 'holding' ? '/hold' : sent % 2 === index % 2 ? '/first' : `/w${index}`
        // Judged by when it was sent: an answer whose headers left before the signal may arrive after it.
        const sentIn = phase
        try {
          const answer = await pool.request({ path, method: 'GET', headers: { host: 'res.localhost' } })
          await answer.body.text()
          if (sentIn === 'before') outcomes.before += 1
          else if (answer.headers.connection === 'close') outcomes.closeDuringDrain += 1
          else outcomes.keepAliveDuringDrain += 1
          progress.answered += 1
          if (progress.waiter && progress.answered >= progress.waiter.count) progress.waiter.open()
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? String(error)
          if (code === 'ECONNREFUSED' && phase === 'closed') {
            outcomes.refused += 1
            return
          }
          outcomes.failures.push(`${phase} ${path}: ${code}`)
          if (outcomes.failures.length > 20) return
        }
      }
      outcomes.failures.push(`worker ${index} never saw the server stop listening`)
    }
    // A client whose kept-alive socket is idle from before the signal and that reuses it just after
    // the server stops listening.
    const reuser = await rawConnection(http.port)
    expect((await reuser.get('/a')).headers.connection).toBe('keep-alive')
    const workers = Array.from({ length: 12 }, (_, index) => worker(index))
    await answeredUntil(60)

    const result = graceful.shutdown('SIGTERM')
    await fixture.delayStarted
    phase = 'draining'
    // The delay: every answer says Connection: close, so each socket ends with its answer and the
    // client opens a new one while the server still listens.
    await answeredUntil(200)
    // The server stops listening while every worker waits for an answer on an accepted socket: a
    // connection the kernel completed and the server had not taken yet would be reset by the kernel
    // itself when the listening socket closes, whatever the server does.
    phase = 'holding'
    while (held.count < 12) await new Promise((resolve) => setImmediate(resolve))
    phase = 'closed'
    fixture.endDelay()
    while (http.server.listening) await new Promise((resolve) => setImmediate(resolve))

    const reused = await reuser.get('/b')
    expect(reused.body.toString()).toBe('ok /b')
    expect(reused.headers.connection).toBe('close')
    await reuser.closed
    expect(reuser.events).toEqual(['end', 'close'])

    fixture.hold.open()
    await Promise.all(workers)
    await pool.close()
    expect(outcomes.failures).toEqual([])
    expect(outcomes.before).toBeGreaterThan(0)
    expect(outcomes.closeDuringDrain).toBeGreaterThanOrEqual(212)
    expect(outcomes.keepAliveDuringDrain).toBe(0)
    expect(outcomes.refused).toBe(12)
    expect(await result).toBe('drained')
  })
})
