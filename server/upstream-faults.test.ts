import http, { type ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../test/harness.ts'
import { createMetrics, type Metrics } from './metrics/metrics.ts'

type Fault =
  | 'hang'
  | 'reset'
  | '500'
  | '503'
  | '429'
  | 'truncated'
  | 'invalid-json'
  | 'wrong-shape'
  | 'huge'
  | 'double-gzip'
const FAULTS: Fault[] = [
  'hang',
  'reset',
  '500',
  '503',
  '429',
  'truncated',
  'invalid-json',
  'wrong-shape',
  'huge',
  'double-gzip',
]
const INTERNALS = /Upstream|ECONN|127\.0\.0\.1|at [\w.]+ \(|stack|site_config/
/** The site's own pictures, which the demo serves from its loopback address: data, not a leak. */
const SITE_MEDIA = /(?:http:\/\/|http%3A%2F%2F)127\.0\.0\.1(?::|%3A)\d+(?:\/|%2F)media(?:\/|%2F)[^"\s&)]+/g

/** Sends a status line, promises 1000 bytes, writes `first` and breaks the connection. */
function breaking(raw: ServerResponse, first: string): Promise<Response> {
  raw.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
  if (first) raw.write(first)
  raw.socket?.destroy()
  // The stub's handler never answers: the socket is gone already.
  return new Promise(() => {})
}

/** 50 MB of JSON-looking bytes, produced lazily. */
function huge(): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(' '.repeat(64 * 1024))
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode('{"status":0,"data":"'))
      sent += chunk.length
      if (sent > 50 * 1024 * 1024) controller.close()
      else controller.enqueue(chunk)
    },
  })
}

function faultResponse(fault: Fault, hang: Promise<void>, raw: ServerResponse): Promise<Response> | Response {
  switch (fault) {
    case 'hang':
      return hang.then(() => new Response('late'))
    case 'reset':
      raw.socket?.destroy()
      return new Promise(() => {})
    case '500':
    case '503':
    case '429':
      return new Response('<html>gateway trouble</html>', { status: Number(fault), headers: { 'retry-after': '1' } })
    case 'truncated':
      return breaking(raw, '{"status":0,"info":"ok","data":{"site_con')
    case 'invalid-json':
      return new Response('{"status":0,', { headers: { 'content-type': 'application/json' } })
    case 'wrong-shape':
      return Response.json({ status: 0, info: 'ok', data: { site_config: { site_id: 7 }, rows: 'nope' } })
    case 'huge':
      return new Response(huge(), { headers: { 'content-type': 'application/json' } })
    case 'double-gzip':
      return new Response('\x1f\x8b\x08\x00garbage', {
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip, gzip' },
      })
  }
}

describe('a faulty upstream', () => {
  let site: TestSite
  let endHang!: () => void
  const hang = new Promise<void>((resolve) => (endHang = resolve))
  const clock = { time: 1_000_000 }
  const failing = new Map<string, Fault>()
  beforeAll(async () => {
    site = await startTestSite({
      repository: { now: () => clock.time },
      upstreamClient: { timeoutMs: 300 },
      upstream: (request, demo, raw) => {
        const path = new URL(request.url).pathname
        const host = request.headers.get('app-domain') ?? ''
        // `fault-<kind>.localhost`: every call fails; res.localhost: calls fail while `failing` says so.
        const hostFault = /^fault-([\w-]+)\.localhost$/.exec(host)?.[1] as Fault | undefined
        const fault = hostFault ?? failing.get(path)
        return fault ? faultResponse(fault, hang, raw) : demo(request)
      },
    })
  })
  afterAll(async () => {
    endHang()
    await site.close()
  })

  it.each(FAULTS)('%s on the site config of a cold site: the startup screen, no internals', async (fault) => {
    const response = await site.request('/', { host: `fault-${fault}.localhost` })
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('3')
    const html = await response.text()
    expect(html).toContain('The site is starting')
    expect(html).not.toMatch(INTERNALS)
  })

  it.each(FAULTS)('%s on page data: an error page, no internals, and the next page still works', async (fault) => {
    failing.set('/v1/resource/search', fault)
    try {
      const response = await site.request(`/s?query=fault-${fault}`, { headers: { cookie: 'lang=zh' } })
      expect(response.status).toBeGreaterThanOrEqual(500)
      const html = await response.text()
      expect(html).toContain('</html>')
      expect(html.replace(SITE_MEDIA, '')).not.toMatch(INTERNALS)
    } finally {
      failing.delete('/v1/resource/search')
    }
    expect((await site.request('/res/hot', { headers: { cookie: 'lang=zh' } })).status).toBe(200)
  })

  it.each(FAULTS)('%s while a config is stale: the stale config keeps serving', async (fault) => {
    // Everything the page needs is loaded once (site config per language, page data), then goes stale.
    expect((await site.request('/res/hot', { host: 'localhost', headers: { cookie: 'lang=zh' } })).status).toBe(200)
    clock.time += 61_000
    failing.set('/v1/site_page/web_get', fault)
    try {
      for (let i = 0; i < 3; i++)
        expect((await site.request('/res/hot', { host: 'localhost', headers: { cookie: 'lang=zh' } })).status).toBe(200)
    } finally {
      failing.delete('/v1/site_page/web_get')
    }
  })
})

describe('visitors leaving mid-stream', () => {
  let site: TestSite
  let metrics: Metrics
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  beforeAll(async () => {
    metrics = createMetrics({ processMetrics: false })
    site = await startTestSite({
      listen: true,
      app: { metrics },
      // The held-back data must not time out meanwhile: every render is still streaming when its visitor leaves.
      upstreamClient: { timeoutMs: 600_000 },
      upstream: async (request, demo) => {
        if (new URL(request.url).pathname === '/v1/resource/aside') await released
        return demo(request)
      },
    })
  })
  afterAll(async () => {
    release()
    await site.close()
  })

  /** Reads the first chunk of a streamed page, then drops the connection. */
  const leaveEarly = (agent: http.Agent) =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(`${site.url}/s?query=linux`, {
        agent,
        headers: {
          host: 'res.localhost',
          cookie: 'lang=zh',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36',
        },
      })
      request.on('response', (response) => {
        response.once('data', () => {
          request.destroy()
          resolve()
        })
      })
      request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve() : reject(error)))
    })

  const value = async (name: string) => {
    const line = (await metrics.registry.metrics()).split('\n').find((entry) => entry.startsWith(name))
    return Number(line?.split(' ').pop() ?? 0)
  }

  it('aborts each render; 1,000 of them leave no handles, requests or renders behind', async () => {
    const agent = new http.Agent({ keepAlive: false })
    for (let i = 0; i < 50; i++) await leaveEarly(agent)
    const settle = async () => {
      while ((await value('http_requests_in_flight')) > 0) await new Promise((resolve) => setImmediate(resolve))
    }
    await settle()
    const handlesBefore = process.getActiveResourcesInfo().length
    const abortedBefore = await value('renders_aborted_total{reason="client"}')
    for (let i = 0; i < 1000; i++) await leaveEarly(agent)
    await settle()
    expect((await value('renders_aborted_total{reason="client"}')) - abortedBefore).toBe(1000)
    expect(await value('http_requests_in_flight')).toBe(0)
    // Sockets still closing may linger for a moment; nothing may grow with the number of visitors.
    expect(process.getActiveResourcesInfo().length).toBeLessThan(handlesBefore + 20)
    agent.destroy()
    // Slow on a busy machine (each visit renders a full shell): bounded by its own timeout.
  }, 300_000)
})
