import { describe, expect, it, vi } from 'vitest'
import { createMemorySharedStore } from '../redis/shared-store.ts'
import { wholeBodyResponse } from '../../http/whole-body.ts'
import { hitOf } from './clocked-html-cache.test-helper.ts'
import { createHtmlCache } from './html-cache.ts'
import type { Rendered } from './read-render.ts'
import { UNDECIDED } from '../../http/answer-policy.ts'
import { assembleGzip, releaseGzip } from './body/gzip-segments.ts'
import { bodySegments, gzipOf } from './body/page-body.ts'

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => (resolve = done))
  return { promise, resolve }
}

function rendered(body: string, init: ResponseInit = {}, complete = true, nonce?: string): Rendered {
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/html' }, ...init }),
    complete: Promise.resolve(complete),
    nonce,
    routeName: 'page',
    policy: UNDECIDED,
  }
}

function setup(overrides: Partial<Parameters<typeof createHtmlCache>[0]> = {}) {
  const clock = { time: 1_000 }
  const cache = createHtmlCache({ ttlMs: 10_000, maxBytes: 1024 * 1024, now: () => clock.time, ...overrides })
  return { cache, clock }
}

async function textOf(answer: Awaited<ReturnType<ReturnType<typeof createHtmlCache>['get']>>): Promise<string> {
  return answer.kind === 'rendered' ? answer.response.text() : Buffer.concat(bodySegments(answer.page.body)).toString()
}

describe('createHtmlCache', () => {
  it('keeps a complete 200 and answers it until the TTL ends', async () => {
    const { cache, clock } = setup()
    const render = vi.fn(async () => rendered('<p>page</p>'))
    expect(await textOf(await cache.get('h:html:a', render))).toBe('<p>page</p>')
    await vi.waitFor(() => expect(cache.size).toBe(1))
    clock.time += 9_999
    const hit = await cache.get('h:html:a', render)
    expect(hit.kind).toBe('hit')
    expect(render).toHaveBeenCalledTimes(1)
    clock.time += 1
    expect((await cache.get('h:html:a', render)).kind).toBe('rendered')
    expect(render).toHaveBeenCalledTimes(2)
  })

  it.each([
    ['an error status', rendered('oops', { status: 500 })],
    ['a not-found page', rendered('gone', { status: 404 })],
    [
      'a redirect',
      {
        response: new Response(null, { status: 301, headers: { location: '/x' } }),
        complete: Promise.resolve(true),
        nonce: undefined,
        routeName: 'page',
        policy: UNDECIDED,
      },
    ],
    ['a response with Set-Cookie', rendered('<p>personal</p>', { headers: { 'set-cookie': 'sid=1' } })],
    ['a render cut short', rendered('<p>half</p>', {}, false)],
  ])('never keeps %s', async (_label, result) => {
    const { cache } = setup()
    const answer = await cache.get('h:html:a', async () => result)
    expect(answer.kind).toBe('rendered')
    if (answer.kind === 'rendered') await answer.response.arrayBuffer()
    // Kept pages are stored before their render counts as settled.
    await vi.waitFor(() => expect(cache.inFlight).toBe(0))
    expect(cache.size).toBe(0)
    expect(cache.peek('h:html:a')).toBeUndefined()
  })

  it.each([
    ['a complete 200', 200, true, 'captured'],
    ['a not-found page, handed to waiters but not stored', 404, true, 'captured'],
    ['a render cut short', 200, false, 'rendered'],
  ])('answers a render in one piece from the page made of it: %s', async (_label, status, complete, kind) => {
    const { cache } = setup()
    const body = new TextEncoder().encode('<script nonce="N1">x()</script><p>whole</p>')
    const render = async (): Promise<Rendered> => ({
      response: wholeBodyResponse(body, { status, headers: new Headers({ 'content-type': 'text/html' }) }),
      complete: Promise.resolve(complete),
      nonce: 'N1',
      routeName: 'page',
      policy: UNDECIDED,
    })
    const answer = await cache.get('h:html:a', render)
    expect(answer.kind).toBe(kind)
    if (answer.kind !== 'captured') return
    expect(answer.page.status).toBe(status)
    expect(bodySegments(answer.page.body).map((segment) => segment.toString())).toEqual([
      '<script nonce="',
      '">x()</script><p>whole</p>',
    ])
    expect(cache.peek('h:html:a')).toBe(status === 200 ? answer.page : undefined)
  })

  it('coalesces concurrent misses into one render and hands waiters the page', async () => {
    const { cache } = setup()
    const gate = deferred<Rendered>()
    const render = vi.fn(() => gate.promise)
    const answers = Array.from({ length: 10 }, () => cache.get('h:html:a', render))
    gate.resolve(rendered('<p>once</p>'))
    const texts = await Promise.all(answers.map(async (answer) => textOf(await answer)))
    expect(texts).toEqual(Array(10).fill('<p>once</p>'))
    expect(render).toHaveBeenCalledTimes(1)
  })

  it('waiters render for themselves when the shared render may not be handed on', async () => {
    const { cache } = setup()
    const gate = deferred<Rendered>()
    const render = vi
      .fn()
      .mockImplementationOnce(() => gate.promise)
      .mockImplementation(async () => rendered('<p>their own</p>'))
    const first = cache.get('h:html:a', render)
    const second = cache.get('h:html:a', render)
    gate.resolve(rendered('<p>cookie</p>', { headers: { 'set-cookie': 'sid=1' } }))
    expect(await textOf(await first)).toBe('<p>cookie</p>')
    expect(await textOf(await second)).toBe('<p>their own</p>')
    expect(render).toHaveBeenCalledTimes(2)
  })
})

describe("the HTML cache's byte bound, purges and shared store", () => {
  it('stays within its byte bound', async () => {
    const { cache } = setup({ maxBytes: 12_000 })
    for (let i = 0; i < 20; i++) {
      const answer = await cache.get(`h:html:${i}`, async () => rendered(`<p>${i}</p>`.padEnd(500, ' ')))
      if (answer.kind === 'rendered') await answer.response.arrayBuffer()
      await vi.waitFor(() => expect(cache.inFlight).toBe(0))
    }
    expect(cache.bytes).toBeLessThanOrEqual(12_000)
    expect(cache.size).toBeGreaterThan(0)
    expect(cache.size).toBeLessThan(20)
  })

  it('counts a page at its compressed bytes: pages of 100 KiB of markup, several to the 256 KiB bound', async () => {
    const { cache } = setup({ maxBytes: 256 * 1024 })
    const markup = (i: number) =>
      `<!DOCTYPE html><script nonce="N1">x()</script><ul>${Array.from({ length: 2100 }, (_, row) => `<li class="r${row % 7}"><a href="/d/${(row * 7919 + i) % 4099}">Item ${row}</a></li>`).join('')}</ul>`
    expect(markup(0).length).toBeGreaterThan(100 * 1024)
    for (let i = 0; i < 8; i++) {
      await cache.get(`h:html:${i}`, async () => rendered(markup(i), {}, true, 'N1'))
      await vi.waitFor(() => expect(cache.inFlight).toBe(0))
    }
    expect(cache.size).toBe(8)
    expect(cache.bytes).toBeLessThanOrEqual(256 * 1024)
  })

  it('counts again what a page grows by when it is next answered: its gzip blocks at its first hit, then the bodies kept for its hits', async () => {
    const { cache } = setup()
    await cache.get('h:html:a', async () =>
      rendered(`<script nonce="N1">x()</script>${'<p>row</p>'.repeat(2000)}`, {}, true, 'N1'),
    )
    await vi.waitFor(() => expect(cache.inFlight).toBe(0))
    const page = hitOf(cache, 'h:html:a', async () => rendered('unused'))!
    // Kept from its visitor's render as that visitor's brotli alone.
    const brotli = page.body.br!.length
    expect(page.body.gzip).toBeNull()
    expect(cache.bytes).toBe(page.size + brotli)
    // The first gzip answer makes the blocks and lets the brotli go; the hit writer gives each body back once written.
    const gzip = gzipOf(page.body)
    expect(page.body.br).toBeNull()
    for (const nonce of ['n1', 'n2', 'n3']) releaseGzip(gzip, assembleGzip(gzip, nonce))
    const blocks = gzip.blocks.reduce((sum, block) => sum + block.length, 0)
    const spares = (gzip.spare ?? []).reduce((sum, body) => sum + body.length, 0)
    expect(spares).toBeGreaterThan(0)
    hitOf(cache, 'h:html:a', async () => rendered('unused'))
    expect(cache.bytes).toBe(page.size + blocks + spares)
  })

  it('purge drops one tenant (not its neighbours) and a render running across it is not kept', async () => {
    const { cache } = setup()
    for (const key of ['a.example:html:/', 'ab.example:html:/']) {
      await cache.get(key, async () => rendered('x'))
      await vi.waitFor(() => expect(cache.peek(key)).toBeDefined())
    }
    const gate = deferred<Rendered>()
    const running = cache.get('a.example:html:/slow', () => gate.promise)
    cache.purge({ host: 'a.example', mode: 'hard' })
    gate.resolve(rendered('old'))
    await ((await running) as { response: Response }).response.text()
    await vi.waitFor(() => expect(cache.inFlight).toBe(0))
    expect(cache.peek('a.example:html:/')).toBeUndefined()
    expect(cache.peek('a.example:html:/slow')).toBeUndefined()
    expect(cache.peek('ab.example:html:/')).toBeDefined()
    cache.purge({ host: null, mode: 'hard' })
    expect(cache.size).toBe(0)
  })

  it('replaces the nonce a page was rendered with by the placeholder cut', async () => {
    const { cache } = setup()
    await cache.get('h:html:a', async () =>
      rendered('<script nonce="n0nce-1">a</script><script nonce="n0nce-1">b</script>', {}, true, 'n0nce-1'),
    )
    await vi.waitFor(() => expect(cache.peek('h:html:a')).toBeDefined())
    const page = cache.peek('h:html:a')
    expect(page && bodySegments(page.body).map(String)).toEqual([
      '<script nonce="',
      '">a</script><script nonce="',
      '">b</script>',
    ])
  })

  it('shares kept pages through the shared store, read back by another instance without rendering', async () => {
    const clock = { time: 1_000 }
    const shared = { store: createMemorySharedStore(() => clock.time), prefix: 'ts:' }
    const one = createHtmlCache({ ttlMs: 10_000, maxBytes: 1 << 20, now: () => clock.time, shared })
    const two = createHtmlCache({ ttlMs: 10_000, maxBytes: 1 << 20, now: () => clock.time, shared })
    await one.get('h:html:a', async () => rendered('<p>shared</p>'))
    await vi.waitFor(() => expect(shared.store.keys).toEqual(['ts:{h}:html:a']))
    const render = vi.fn(async () => rendered('<p>again</p>'))
    const answer = await two.get('h:html:a', render)
    expect(await textOf(answer)).toBe('<p>shared</p>')
    expect(render).not.toHaveBeenCalled()
  })
})
