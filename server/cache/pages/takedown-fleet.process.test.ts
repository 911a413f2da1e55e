import { describe, expect, it, vi } from 'vitest'
import { useFleet } from '../../../test/fleet.ts'
import type { RevalidationOutcome } from './read-render.ts'
import { HOST, KEY, PATH, sendPost, TOKEN } from './takedown.test-helper.ts'

const fleet = useFleet()

/** An instance sharing the test Redis whose post API answers not-found or 503 once `upstream.answer` says so. */
async function instance(upstream: { answer: 'ok' | 'gone' | 'down' }, outcomes: RevalidationOutcome[] = []) {
  return fleet.start({
    listen: true,
    purgeToken: TOKEN,
    htmlCache: { ttlMs: 600_000, staleMs: 3_600_000, onRevalidated: (outcome) => outcomes.push(outcome) },
    upstream: async (request, demo) => {
      if (new URL(request.url).pathname === '/v1/post/get' && upstream.answer !== 'ok')
        return upstream.answer === 'gone'
          ? Response.json({ status: 404, info: 'post not found', data: null })
          : new Response('unavailable', { status: 503 })
      return demo(request)
    },
  })
}

describe('a page deleted upstream, purged softly, across two instances', () => {
  it('is taken down once re-rendered: 404 here, on another instance and in Redis, with no shareable stale 200', async () => {
    const upstream = { answer: 'ok' as 'ok' | 'gone' | 'down' }
    const onA: RevalidationOutcome[] = []
    const [a, b] = [await instance(upstream, onA), await instance(upstream)]
    expect((await sendPost(a)).status).toBe(200)
    await vi.waitFor(async () => expect(await fleet.admin.exists(KEY)).toBe(1))
    expect(await sendPost(b)).toMatchObject({ status: 200, age: '0' })

    upstream.answer = 'gone'
    expect((await a.purge({ host: HOST, paths: [PATH] })).status).toBe(200)
    // The visitor who starts the re-render gets the old copy at once.
    expect(await sendPost(a)).toMatchObject({ status: 200 })
    await vi.waitFor(() => expect(onA).toEqual(['removed']))
    const after = await sendPost(a)
    expect(after.status).toBe(404)
    expect(after.age).toBeUndefined()
    expect(after.cacheControl ?? '').not.toMatch(/s-maxage|stale-while-revalidate|public/)
    expect(await fleet.admin.exists(KEY)).toBe(0)
    // An instance without a copy of its own renders: 404.
    const c = await instance(upstream)
    expect((await sendPost(c)).status).toBe(404)
    // The other instance had a copy: its own re-render finds the page gone as well.
    await vi.waitFor(async () => expect((await sendPost(b)).status).toBe(404))
  })

  it('keeps the stale copy when the re-render answers 503', async () => {
    const upstream = { answer: 'ok' as 'ok' | 'gone' | 'down' }
    const onA: RevalidationOutcome[] = []
    const a = await instance(upstream, onA)
    expect((await sendPost(a)).status).toBe(200)
    await vi.waitFor(async () => expect(await fleet.admin.exists(KEY)).toBe(1))
    upstream.answer = 'down'
    await a.purge({ host: HOST, paths: [PATH] })
    expect((await sendPost(a)).status).toBe(200)
    await vi.waitFor(() => expect(onA).toEqual(['failed']))
    expect((await sendPost(a)).status).toBe(200)
    expect(await fleet.admin.exists(KEY)).toBe(1)
  })
})
