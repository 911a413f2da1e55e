import { describe, expect, it, vi } from 'vitest'
import { useFleet } from '../../../test/fleet.ts'
import type { TestSiteOptions } from '../../../test/harness.ts'
import { NOT_KEPT } from '../../http/answer-policy.ts'
import type { HtmlCache } from './html-cache.ts'
import type { Rendered, RevalidationOutcome, Rerender } from './read-render.ts'
import { HOST, KEY, PATH, sendPost, TOKEN } from './takedown.test-helper.ts'

const fleet = useFleet()

type Upstream = { answer: 'ok' | 'gone' | 'slow' }

/**
 * An instance sharing the test Redis whose post API answers not-found once `upstream.answer` is
 * `gone`, and answers only after `slowMs` once it is `slow`.
 */
async function instance(
  upstream: Upstream,
  outcomes: RevalidationOutcome[],
  options: Pick<TestSiteOptions, 'upstreamClient' | 'renderTimeoutMs'> & { slowMs?: number } = {},
) {
  const { slowMs = 0, ...rest } = options
  return fleet.start({
    ...rest,
    listen: true,
    purgeToken: TOKEN,
    htmlCache: { ttlMs: 600_000, staleMs: 3_600_000, onRevalidated: (outcome) => outcomes.push(outcome) },
    upstream: async (request, demo) => {
      if (new URL(request.url).pathname === '/v1/post/get') {
        if (upstream.answer === 'gone') return Response.json({ status: 404, info: 'post not found', data: null })
        if (upstream.answer === 'slow') await new Promise((resolve) => setTimeout(resolve, slowMs))
      }
      return demo(request)
    },
  })
}

/**
 * The app answers a page deleted upstream with 404; it has no loader yet that answers 410 or a
 * redirect. Here the post page says "gone" as `status` instead, in renders and re-renders alike,
 * on this instance's HTML cache (the hit writer's and the document route's calls), so the rest of
 * the takedown path (the cache, the shared copy, the purge records) runs as it would for those.
 */
function answerGoneWith(cache: HtmlCache | undefined, status: number) {
  if (cache === undefined) throw new Error('the HTML cache is off')
  const spelled = async (rendered: Awaited<ReturnType<Rerender>>): Promise<Awaited<ReturnType<Rerender>>> => {
    if ('kind' in rendered || rendered.response.status !== 404) return rendered
    await rendered.response.body?.cancel()
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' })
    if (status >= 300 && status < 400) headers.set('location', `http://${HOST}/articles`)
    const gone: Rendered = {
      response: new Response(status < 400 ? null : '<!doctype html><p>gone</p>', { status, headers }),
      complete: Promise.resolve(true),
      nonce: undefined,
      routeName: rendered.routeName,
      policy: NOT_KEPT,
      ...(rendered.uses ? { uses: rendered.uses } : {}),
    }
    return gone
  }
  const wrap =
    (rerender: Rerender): Rerender =>
    async (since) =>
      spelled(await rerender(since))
  const revalidate = cache.revalidate.bind(cache)
  const get = cache.get.bind(cache)
  vi.spyOn(cache, 'revalidate').mockImplementation((key, rerender) => revalidate(key, wrap(rerender)))
  vi.spyOn(cache, 'get').mockImplementation((key, render) =>
    get(key, async () => (await spelled(await render())) as Rendered),
  )
}

/** The shared copies of the post page, whatever their variant. */
const sharedCopies = () => fleet.admin.keys(`ts:{${HOST}}:html:*post/p1001*`)

describe('a page deleted upstream, purged softly, across two instances and Redis', () => {
  it.each([410, 301, 308])(
    'is taken down once re-rendered as %i: the other instance answers it at once, and Redis holds no 200 of it',
    async (status) => {
      const upstream: Upstream = { answer: 'ok' }
      const onA: RevalidationOutcome[] = []
      const [a, b] = [await instance(upstream, onA), await instance(upstream, [])]
      answerGoneWith(a.htmlCache, status)
      answerGoneWith(b.htmlCache, status)
      expect((await sendPost(a)).status).toBe(200)
      await vi.waitFor(async () => expect(await fleet.admin.exists(KEY)).toBe(1))

      upstream.answer = 'gone'
      expect(await (await a.purge({ host: HOST, paths: [PATH] })).json()).toMatchObject({ shared: 'ok' })
      // The visitor who starts the re-render gets the old copy at once.
      expect((await sendPost(a)).status).toBe(200)
      await vi.waitFor(() => expect(onA).toEqual(['removed']))
      expect(await sharedCopies()).toEqual([])

      // b never held a copy of its own: without the takedown it would answer Redis's stale 200.
      for (const site of [a, b]) {
        const after = await sendPost(site)
        expect(after.status).toBe(status)
        expect(after.age).toBeUndefined()
        expect(after.cacheControl ?? '').not.toMatch(/s-maxage|stale-while-revalidate|public/)
        if (status < 400) expect(after.location).toBe(`http://${HOST}/articles`)
      }
      await vi.waitFor(() => expect(b.htmlCache?.inFlight).toBe(0))
      expect(await sharedCopies()).toEqual([])
    },
  )
})

describe('a page purged softly whose re-render times out keeps its stale copy', () => {
  it('held past the upstream deadline (UPSTREAM_TIMEOUT_MS, which bounds loading; RENDER_TIMEOUT_MS bounds the streamed render)', async () => {
    const options = { upstreamClient: { timeoutMs: 300 }, slowMs: 2000 }
    const upstream: Upstream = { answer: 'ok' }
    const onA: RevalidationOutcome[] = []
    const [a, b] = [await instance(upstream, onA, options), await instance(upstream, [], options)]
    expect((await sendPost(a)).status).toBe(200)
    await vi.waitFor(async () => expect(await fleet.admin.exists(KEY)).toBe(1))

    upstream.answer = 'slow'
    await a.purge({ host: HOST, paths: [PATH] })
    expect((await sendPost(a)).status).toBe(200)
    await vi.waitFor(() => expect(onA).toEqual(['failed']), { timeout: 5000 })
    // Still the old page, here, in Redis, and on an instance without a copy of its own.
    expect((await sendPost(a)).status).toBe(200)
    expect(await fleet.admin.exists(KEY)).toBe(1)
    expect((await sendPost(b)).status).toBe(200)
  })
})
