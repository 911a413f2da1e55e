import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { captureLog, type CapturedLog } from '../../test/log-capture.ts'
import { htmlKey } from '../cache/cache-keys.ts'
import { startTestSite, type TestSite, type Via } from '../../test/harness.ts'

const ZH = { cookie: 'lang=zh' }
const PAGE_KEY = htmlKey('res.localhost', 'zh', 'http://res.localhost', '/res/hot')

let site: TestSite
let capture: CapturedLog
let clock = Date.now()

beforeAll(async () => {
  capture = captureLog('info')
  site = await startTestSite({
    listen: true,
    log: capture.log,
    app: { log: capture.log, htmlStaleSeconds: 3600 },
    repository: { now: () => clock },
    htmlCache: { ttlMs: 10_000, staleMs: 3_600_000, now: () => clock },
  })
})
afterAll(() => site.close())

/** The access line of the request sent with `id`, once its response is done. */
async function accessLine(id: string): Promise<Record<string, unknown>> {
  let line: Record<string, unknown> | undefined
  await vi.waitFor(() => {
    line = capture.lines.find((entry) => entry.requestId === id && entry.msg === 'request')
    expect(line).toBeDefined()
  })
  return line!
}

async function send(path: string, id: string, via: Via = 'listener', host = 'res.localhost') {
  const response = await site.request(path, { headers: { ...ZH, 'x-request-id': id }, host, via })
  const body = Buffer.from(await response.arrayBuffer())
  return { response, body, line: await accessLine(id) }
}

/** The timing fields: whole milliseconds, the first byte never after the last. */
function expectTimes(line: Record<string, unknown>) {
  expect(line.ttfbMs).toEqual(expect.any(Number))
  expect(line.ms).toEqual(expect.any(Number))
  expect(line.ttfbMs as number).toBeLessThanOrEqual(line.ms as number)
}

describe('the access line and Cache-Status of each answer', () => {
  it('a render: a miss, its bytes counted on the connection, the validated tenant host', async () => {
    const { response, body, line } = await send('/res/hot', 'miss-1')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-status')).toBe('tenant-sites; fwd=miss')
    // Off unless the operator turns it on (SERVER_TIMING).
    expect(response.headers.get('server-timing')).toBeNull()
    expect(line).toMatchObject({ host: 'res.localhost', route: 'res-hot', status: 200, cache: 'miss' })
    // The status line and headers are sent too.
    expect(line.bytes as number).toBeGreaterThan(body.length)
    expectTimes(line)
    await vi.waitFor(() => expect(site.htmlCache?.size).toBe(1))
  })

  it.each(['listener', 'app'] as const)('a hit answered via %s: the same fields', async (via) => {
    const { response, body, line } = await send('/res/hot', `hit-${via}`, via)
    expect(response.headers.get('cache-status')).toBe('tenant-sites; hit; ttl=10')
    expect(line).toMatchObject({ host: 'res.localhost', route: 'res-hot', status: 200, cache: 'hit' })
    // Without a socket (app.request()), the body's length.
    if (via === 'listener') expect(line.bytes as number).toBeGreaterThan(body.length)
    else expect(line.bytes).toBe(body.length)
    expectTimes(line)
  })

  it('a payload: passed, never kept here', async () => {
    const { response, line } = await send('/res/hot/_payload.json', 'payload-1')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-status')).toBe('tenant-sites; fwd=bypass')
    expect(line).toMatchObject({ host: 'res.localhost', route: 'res-hot.payload', cache: 'pass' })
  })

  it('a refused host: no host field, whatever the header said', async () => {
    const { response, line } = await send('/res/hot', 'refused-1', 'listener', 'res_site.localhost')
    expect(response.status).toBe(400)
    expect(line).toMatchObject({ status: 400, cache: 'pass' })
    expect(line).not.toHaveProperty('host')
    expect(capture.text()).not.toContain('res_site')
  })

  it.each(['listener', 'app'] as const)(
    'a stale page served while rendered again, via %s: a hit, flagged stale',
    async (via) => {
      clock += 15_000
      const { response, line } = await send('/res/hot', `stale-${via}`, via)
      expect(response.headers.get('cache-status')).toBe('tenant-sites; hit; detail=stale')
      expect(line).toMatchObject({ host: 'res.localhost', status: 200, cache: 'stale' })
      // Its re-render settles before the next case moves the clock again.
      await vi.waitFor(() => expect(site.htmlCache?.isStale(PAGE_KEY)).toBe(false))
    },
  )
})

describe('Server-Timing, when the operator turns it on', () => {
  it.each(['listener', 'app'] as const)('names the time to the shell of a render and of a hit, via %s', async (via) => {
    const timed = await startTestSite({ listen: true, htmlCache: {}, app: { serverTiming: true } })
    try {
      const get = () => timed.request('/res/hot', { headers: ZH, host: 'res.localhost', via })
      const miss = await get()
      expect(miss.headers.get('cache-status')).toBe('tenant-sites; fwd=miss')
      expect(miss.headers.get('server-timing')).toMatch(/^shell;dur=\d+\.\d$/)
      await miss.arrayBuffer()
      await vi.waitFor(() => expect(timed.htmlCache?.size).toBe(1))
      const hit = await get()
      expect(hit.headers.get('cache-status')).toMatch(/^tenant-sites; hit/)
      expect(hit.headers.get('server-timing')).toMatch(/^shell;dur=\d+\.\d$/)
    } finally {
      await timed.close()
    }
  })
})
