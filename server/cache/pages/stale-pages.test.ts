import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createGate, type Gate } from '../../../test/gate.ts'
import { startTestSite, type TestSite, type Via } from '../../../test/harness.ts'
import { createMetrics, type Metrics } from '../../metrics/metrics.ts'
import type { RevalidationOutcome } from './read-render.ts'

const ZH = { cookie: 'lang=zh' }
const DATA_PATH = '/v1/resource/list'

let site: TestSite | undefined
afterEach(async () => {
  await site?.close()
  site = undefined
})

interface Sent {
  status: number
  headers: Record<string, string>
  text: string
}

/** The path the tests of a `describe.each` run ask through: the real listener or app.request(). */
let via: Via = 'listener'

/** A GET through `via`: over the site's socket (where cache hits are answered before the app) or to the app. */
async function send(path: string, headers: Record<string, string> = {}): Promise<Sent> {
  const answer = await site!.request(path, { headers, via })
  const text = (await answer.text()).replace(/ nonce="[^"]*"/g, ' nonce=""')
  return { status: answer.status, headers: Object.fromEntries(answer.headers), text }
}

async function metricLine(metrics: Metrics, prefix: string): Promise<string | undefined> {
  return (await metrics.registry.metrics()).split('\n').find((line) => line.startsWith(prefix))
}

/**
 * A listening site whose HTML cache and upstream caches share one injected clock: pages are fresh
 * 10 s and stale for an hour after; page data is fresh 5 s and never served stale, so a re-render
 * 15 s later asks the upstream again. While `gate` is set, the page's data call waits for it.
 */
async function staleSite() {
  const clock = { time: Date.now() }
  const metrics = createMetrics({ processMetrics: false })
  const outcomes: RevalidationOutcome[] = []
  const state: {
    gate: Gate | null
    held: { userAgent: string | null; cookie: string | null }[]
    failWith: number | null
    renameFirst: string | null
    dataCalls: number
  } = { gate: null, held: [], failWith: null, renameFirst: null, dataCalls: 0 }
  site = await startTestSite({
    listen: true,
    purgeToken: 'purge-token-for-tests-0123',
    app: { metrics, htmlStaleSeconds: 3600 },
    repository: { now: () => clock.time, pageTtlMs: 5000, staleMs: 0 },
    htmlCache: {
      ttlMs: 10_000,
      staleMs: 3_600_000,
      now: () => clock.time,
      metrics: metrics.cache('html'),
      onRevalidated: (outcome, seconds) => {
        metrics.htmlRevalidation(outcome, seconds)
        outcomes.push(outcome)
      },
    },
    upstream: async (request, demo) => {
      const isData = new URL(request.url).pathname === DATA_PATH
      if (isData) state.dataCalls += 1
      if (isData && state.gate !== null) {
        state.held.push({ userAgent: request.headers.get('user-agent'), cookie: request.headers.get('cookie') })
        await state.gate.passed()
        if (state.failWith !== null) return new Response('down', { status: state.failWith })
      }
      const answer = await demo(request)
      if (!isData || state.renameFirst === null) return answer
      // An edit upstream: the list's first resource has a new title.
      const body = (await answer.json()) as { data: { rows: { title: string }[] } }
      body.data.rows[0]!.title = state.renameFirst
      return Response.json(body)
    },
  })
  const first = await send('/res/hot', ZH)
  expect(first.status).toBe(200)
  await vi.waitFor(() => expect(site!.htmlCache?.size).toBe(1))
  return { clock, metrics, outcomes, state, first }
}

describe.each(['listener', 'app'] as const)('stale pages, asked via %s', (path) => {
  beforeEach(() => {
    via = path
  })

  it('a visitor gets the stale page before the slow upstream answers the one background re-render', async () => {
    const { clock, metrics, outcomes, state, first } = await staleSite()
    const fresh = await send('/res/hot', ZH)
    expect(fresh.headers.age).toBe('0')
    expect(fresh.text).toBe(first.text)
    for (const answer of [first, fresh]) expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=10')

    clock.time += 15_000
    const gate = createGate()
    state.gate = gate
    const stale = await send('/res/hot', ZH)
    // The whole answer is in while the re-render still waits for the upstream.
    expect(gate.isOpen).toBe(false)
    expect(stale.status).toBe(200)
    expect(stale.text).toBe(first.text)
    expect(stale.headers.age).toBe('15')
    await vi.waitFor(() => expect(state.held).toHaveLength(1))
    // More stale visitors meanwhile start nothing more.
    expect((await send('/res/hot', ZH)).headers.age).toBe('15')
    expect(site!.htmlCache?.inFlight).toBe(1)
    // The re-render is an anonymous visitor's: no cookie, its own user agent.
    expect(state.held[0]).toEqual({ userAgent: 'tenant-sites revalidation', cookie: null })

    gate.open()
    // Nothing the page is made of changed: it is kept as it is, fresh again, without a render.
    await vi.waitFor(() => expect(outcomes).toEqual(['unchanged']))
    const renewed = await send('/res/hot', ZH)
    expect(renewed.headers.age).toBe('0')
    expect(renewed.text).toBe(first.text)
    expect(state.held).toHaveLength(1)
    expect(await metricLine(metrics, 'cache_lookups_total{cache="html",result="stale"}')).toBe(
      'cache_lookups_total{cache="html",result="stale"} 2',
    )
    expect(await metricLine(metrics, 'cache_lookups_total{cache="html",result="hit"}')).toBe(
      'cache_lookups_total{cache="html",result="hit"} 2',
    )
    expect(await metricLine(metrics, 'cache_lookups_total{cache="html",result="miss"}')).toBe(
      'cache_lookups_total{cache="html",result="miss"} 1',
    )
    expect(renewed.headers.etag).toBe(first.headers.etag)
    expect(await metricLine(metrics, 'html_revalidations_total{outcome="unchanged"}')).toBe(
      'html_revalidations_total{outcome="unchanged"} 1',
    )
    expect(await metricLine(metrics, 'html_revalidation_duration_seconds_count{outcome="unchanged"}')).toBe(
      'html_revalidation_duration_seconds_count{outcome="unchanged"} 1',
    )
    expect(await metricLine(metrics, 'html_revalidations_total{outcome="rendered"}')).toBeUndefined()
  })

  it('a page whose data changed upstream is rendered again, and the next unchanged load renews that render', async () => {
    const { clock, outcomes, state, first } = await staleSite()
    const calls = state.dataCalls
    clock.time += 15_000
    state.renameFirst = 'A title edited upstream'
    expect((await send('/res/hot', ZH)).text).toBe(first.text)
    await vi.waitFor(() => expect(outcomes).toEqual(['rendered']))
    const edited = await send('/res/hot', ZH)
    expect(edited.text).toContain('A title edited upstream')
    expect(edited.headers.etag).not.toBe(first.headers.etag)
    expect(edited.headers.age).toBe('0')

    clock.time += 15_000
    expect((await send('/res/hot', ZH)).headers.age).toBe('15')
    await vi.waitFor(() => expect(outcomes).toEqual(['rendered', 'unchanged']))
    // The upstream was asked each time: a renewal is a load, only the render is spared.
    expect(state.dataCalls).toBe(calls + 2)
    const again = await send('/res/hot', ZH)
    expect(again.text).toBe(edited.text)
    expect(again.headers.etag).toBe(edited.headers.etag)
    expect(again.headers.age).toBe('0')
  })

  it('a page a purge marked stale is rendered again even when its data did not change', async () => {
    const { outcomes, first } = await staleSite()
    expect((await site!.purge({ host: 'res.localhost', paths: ['/res/hot'] })).status).toBe(200)
    expect((await send('/res/hot', ZH)).text).toBe(first.text)
    await vi.waitFor(() => expect(outcomes).toEqual(['rendered']))
  })

  it('a failing re-render leaves the stale page in place, never an error page', async () => {
    const { clock, outcomes, state, first } = await staleSite()
    clock.time += 15_000
    const gate = createGate()
    state.gate = gate
    state.failWith = 503
    gate.open()
    expect((await send('/res/hot', ZH)).text).toBe(first.text)
    await vi.waitFor(() => expect(outcomes).toEqual(['failed']))
    const after = await send('/res/hot', ZH)
    expect(after.status).toBe(200)
    expect(after.text).toBe(first.text)
    expect(after.headers.age).toBe('15')
  })

  it('pages the app answers from the cache carry Age too', async () => {
    const { clock } = await staleSite()
    clock.time += 3_000
    const viaApp = await site!.request('/res/hot', { headers: ZH })
    expect(viaApp.status).toBe(200)
    expect(viaApp.headers.get('age')).toBe('3')
    const head = await site!.request('/res/hot', { method: 'HEAD', headers: ZH })
    expect(head.headers.get('age')).toBe('3')
  })
})
