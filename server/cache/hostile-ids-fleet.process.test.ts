import { describe, expect, it, vi } from 'vitest'
import { useFleet } from '../../test/fleet.ts'
import type { TestSite } from '../../test/harness.ts'
import { expectHeaderSafe, getKept, hostileUpstream } from '../../test/hostile-upstream.ts'
import { unsharedKey } from './cache-keys.ts'

const TOKEN = 'purge-token-for-tests-0123'

const fleet = useFleet()

/** An instance sharing the test Redis behind the hostile upstream, sharing a page at its first render (REDIS_ADMIT_AFTER=1). */
function instance(): Promise<TestSite> {
  return fleet.start({
    listen: true,
    purgeToken: TOKEN,
    redisAdmitAfter: 1,
    htmlCache: { ttlMs: 600_000, staleMs: 3_600_000 },
    upstream: hostileUpstream,
  })
}

const dataCalls = (site: TestSite) =>
  [...site.upstreamCalls].filter(([path]) => !path.startsWith('/v1/site_page/')).reduce((sum, [, n]) => sum + n, 0)

describe('hostile upstream ids through Redis, across two instances', () => {
  it.each([
    ['/res/hot', 'res.localhost', /res\.localhost:(resource:r\d+%0D%0AX-Injected%3A%20yes%20%E5%9B%BE%E7%89%87)/],
    // The list of the pages of the group whose id has a comma and CJK: tagged with those pages.
    ['/sp/library', 'land.localhost', /land\.localhost:(page:pg-land-library)(?:,|$)/],
  ])(
    '%s of %s, answered twice by one instance, is answered from Redis by the other, and a tag purge sent there takes it down on the first',
    async (path, host, tagPattern) => {
      const [a, b] = [await instance(), await instance()]
      const first = await getKept(a, path, host)
      expect(first.response.status).toBe(200)
      expectHeaderSafe(first.response)
      const tags = first.response.headers.get('cache-tag')
      const tag = tagPattern.exec(tags ?? '')?.[1]
      if (tag === undefined) throw new Error(`${path} carries no tag to purge it by: ${tags}`)
      // The second is answered from this instance's memory, as it was rendered.
      const second = await getKept(a, path, host)
      expect(second.response.status).toBe(200)
      expect(second.response.headers.get('age')).not.toBeNull()
      expectHeaderSafe(second.response)
      expect(second.response.headers.get('cache-tag')).toBe(tags)
      const pattern = `ts:{${host}}:html:*${path}`
      await vi.waitFor(async () => expect(await fleet.admin.keys(pattern)).toHaveLength(1))
      const [shared] = await fleet.admin.keys(pattern)
      const key = unsharedKey('ts:', shared ?? '') ?? ''
      expect(a.htmlCache?.peek(key)).toBeDefined()

      // b renders nothing: the page comes from Redis, as a's render wrote it.
      const fromRedis = await getKept(b, path, host)
      expect(fromRedis.response.status).toBe(200)
      expect(fromRedis.response.headers.get('age')).not.toBeNull()
      expect(dataCalls(b)).toBe(0)
      expectHeaderSafe(fromRedis.response)
      expect(fromRedis.response.headers.get('cache-tag')).toBe(tags)
      expect(fromRedis.response.headers.get('surrogate-key')).toBe(first.response.headers.get('surrogate-key'))

      // A purge by the tag as the header spells it (encoded), sent to b, takes a's copy down.
      const purged = await b.purge({ host, tags: [tag], mode: 'hard' })
      expect(purged.status).toBe(200)
      expect(await purged.json()).toMatchObject({ shared: 'ok' })
      await vi.waitFor(() => expect(a.htmlCache?.peek(key)).toBeUndefined())
      expect(await fleet.admin.exists(shared ?? '')).toBe(0)
      const again = await getKept(a, path, host)
      expect(again.response.status).toBe(200)
      expect(again.response.headers.get('age')).toBeNull()
    },
  )
})
