import net from 'node:net'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { rawConnection } from '../../test/raw-http.ts'
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
}

async function start(timeoutMs = 20_000, timeouts = { keepAliveTimeoutMs: 65_000, headersTimeoutMs: 66_000, requestTimeoutMs: 300_000 }): Promise<Fixture> {
  const readiness = createReadiness()
  readiness.markReady()
  const slow = gate()
  const slowStarted = gate()
  const http = await startHttpServer({
    port: 0,
    hostname: '127.0.0.1',
    ...timeouts,
    // Answered on Node's response before the app, synchronously, as cache hits are.
    answerFirst: (incoming, outgoing) => {
      if (incoming.url !== '/first') return false
      outgoing.end('answered first')
      return true
    },
    fetch: async (request) => {
      const path = new URL(request.url).pathname
      if (path === '/readyz') return new Response(readiness.state, { status: readiness.state === 'ready' ? 200 : 503 })
      if (path === '/slow') {
        slowStarted.open()
        await slow.opened
        return new Response('slow done')
      }
      return new Response(`ok ${path}`)
    },
  })
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
  return { http, readiness, graceful, delayStarted: delayStarted.opened, endDelay: delayEnded.open, slow, slowStarted: slowStarted.opened }
}

describe('HTTP server timeouts', () => {
  let http: HttpServer | undefined
  afterEach(() => http?.server.close())

  it('applies the configured keep-alive, headers and request timeouts', async () => {
    http = await startHttpServer({ port: 0, hostname: '127.0.0.1', keepAliveTimeoutMs: 65_000, headersTimeoutMs: 66_000, requestTimeoutMs: 120_000, fetch: () => new Response('x') })
    expect(http.server.keepAliveTimeout).toBe(65_000)
    expect(http.server.headersTimeout).toBe(66_000)
    expect(http.server.requestTimeout).toBe(120_000)
  })

  it('closes a connection whose headers never finish, without a response', async () => {
    http = await startHttpServer({ port: 0, hostname: '127.0.0.1', keepAliveTimeoutMs: 100, headersTimeoutMs: 200, requestTimeoutMs: 400, fetch: () => new Response('x') })
    const connection = await rawConnection(http.port)
    connection.write('GET / HTTP/1.1\r\nHost: res.localhost\r\nX-Slow: ')
    await connection.closed
    expect(connection.events).toContain('close')
  })
})

describe('graceful shutdown over real sockets', () => {
  let fixture: Fixture | undefined
  afterEach(() => {
    fixture?.slow.open()
    fixture?.http.server.closeAllConnections()
    fixture?.http.server.close()
    fixture = undefined
  })

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
    // During the delay: readiness says go away, yet every request is still served on kept-alive sockets.
    const ready = await active.get('/readyz')
    expect(ready.status).toBe(503)
    expect(ready.headers.connection).toBe('keep-alive')
    expect((await active.get('/b')).body.toString()).toBe('ok /b')

    fixture.endDelay()
    // The idle socket is closed with a FIN; the busy one keeps going.
    await idle.closed
    expect(idle.events).toEqual(['end', 'close'])
    await expect(new Promise((resolve, reject) => net.connect(http.port, '127.0.0.1').once('connect', resolve).once('error', reject))).rejects.toMatchObject({ code: 'ECONNREFUSED' })

    fixture.slow.open()
    const slow = await slowResponse
    expect(slow.status).toBe(200)
    expect(slow.body.toString()).toBe('slow done')
    await busy.closed
    expect(busy.events).toEqual(['end', 'close'])
    await active.closed
    expect(active.events).not.toContainEqual(expect.stringMatching(/^error/))
    expect(await result).toBe('drained')
    expect(graceful.openSockets).toBe(0)
  })

  it.each([
    ['/late', 'ok /late'],
    ['/first', 'answered first'],
  ])('answers a request (%s) that arrives on a kept-alive socket after the delay, with Connection: close', async (path, body) => {
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
  })

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
