import { describe, expect, it } from 'vitest'
import { rawConnection } from '../../test/raw-http.ts'
import { startDemoUpstream, useServerProcesses } from '../../test/server-process.ts'

const CONNECTIONS = 16
const REQUESTS_EACH = 150
const PAGE = { cookie: 'lang=zh', 'accept-encoding': 'gzip' }

/**
 * Access lines leave through a buffer written asynchronously (server/logger.ts): under load every
 * request still gets its line, in the order each connection's requests were answered, and the
 * lines still in the buffer when SIGTERM comes are written before the process exits.
 */
describe('access lines of the server process under load', { timeout: 120_000 }, () => {
  const processes = useServerProcesses(() => startDemoUpstream())

  it('writes one line per request, in order per connection, and loses none on a graceful shutdown', async () => {
    const server = await processes.start({
      NODE_ENV: 'production',
      API_BASE_URL: processes.upstream.url,
      SHUTDOWN_DELAY_MS: '0',
    })
    // The page is rendered once, then answered from the HTML cache before the app (the hit writer);
    // its payload is answered by the app: both ways a request is logged.
    const warm = await rawConnection(server.port)
    expect((await warm.get('/res/hot', PAGE)).status).toBe(200)
    warm.destroy()

    const workers = Array.from({ length: CONNECTIONS }, async (_, connection) => {
      const socket = await rawConnection(server.port)
      for (let n = 0; n < REQUESTS_EACH; n++) {
        const path = n % 10 === 9 ? '/res/hot/_payload.json' : '/res/hot'
        const answer = await socket.get(path, { ...PAGE, 'x-request-id': `c${connection}-${n}` })
        expect(answer.status).toBe(200)
      }
      socket.destroy()
    })
    await Promise.all(workers)
    // At once: whatever is still buffered must be written on the way out.
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)

    const requestLines = server.lines.filter(
      (line) => line.msg === 'request' && /^c\d+-\d+$/.test(String(line.requestId)),
    )
    expect(requestLines).toHaveLength(CONNECTIONS * REQUESTS_EACH)
    for (let connection = 0; connection < CONNECTIONS; connection++) {
      const sequence = requestLines
        .map((line) => String(line.requestId))
        .filter((id) => id.startsWith(`c${connection}-`))
        .map((id) => Number(id.split('-')[1]))
      expect(sequence).toEqual(Array.from({ length: REQUESTS_EACH }, (_, n) => n))
    }
    // Every line carries the access line's fields, hits and app answers alike.
    const hit = requestLines.find((line) => line.requestId === 'c0-0')
    expect(hit).toMatchObject({ host: 'res.localhost', cache: 'hit', status: 200, path: '/res/hot' })
    expect(hit?.bytes).toBeGreaterThan(0)
    expect(typeof hit?.ttfbMs).toBe('number')
    expect(typeof hit?.ms).toBe('number')
    const app = requestLines.find((line) => line.requestId === 'c0-9')
    expect(app).toMatchObject({ host: 'res.localhost', status: 200, path: '/res/hot/_payload.json' })
    // The last line of all: the process said it stopped, after every access line.
    expect(server.lines.at(-1)?.msg).toBe('stopped')
  })
})
