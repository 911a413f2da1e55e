import { Agent } from 'undici'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { createUpstreamClient, type UpstreamCallContext } from '../upstream/client.ts'
import { createStubUpstream, type RecordedRequest, type StubUpstream } from '../upstream/stub-upstream.test-helper.ts'
import { createSiteRepository, type SiteRepositoryOptions } from './site-repository.ts'

export const TTL = 60_000
export const STALE = 300_000
export const context: UpstreamCallContext = {
  userAgent: 'Visitor/1.0',
  referer: 'https://tenant.example/',
  appDomain: 'ignored.example',
}

export function siteConfig(domain: string, extra: Record<string, unknown> = {}) {
  return { site_id: `id-${domain}`, domain, alias_domain: ['alias.example'], ...extra }
}

/** Cache metrics for `repository({ metrics })` that keep each cache's byte count (as counted for its bound). */
export function byteCounts() {
  const readers = new Map<string, () => number>()
  return {
    metrics: {
      cache: (name: string) => ({
        lookup: () => {},
        evicted: () => {},
        size: () => {},
        bytes: (read: () => number) => void readers.set(name, read),
      }),
    },
    of(cache: string): number {
      const read = readers.get(cache)
      if (read === undefined) throw new Error(`no byte count for the ${cache} cache: give the repository maxBytes`)
      return read()
    },
  }
}

/** What the tests of a describe body share; the fields are set by its hooks. */
export interface RepositoryHarness {
  stub: StubUpstream
  agent: Agent
  clock: { time: number }
  /** A repository on the stub upstream with the test options, `overrides` on top. */
  repository(overrides?: Partial<SiteRepositoryOptions>): {
    repo: ReturnType<typeof createSiteRepository>
    onError: ReturnType<typeof vi.fn>
  }
  /** The site-config calls the stub has seen. */
  siteCalls(): RecordedRequest[]
}

/**
 * A stub upstream for the file (started once), and per test a fresh connection pool, a clock and
 * an empty request log. Call it at the top of a test file.
 */
export function useRepositoryHarness(): RepositoryHarness {
  const harness = {
    clock: { time: 0 },
    repository(overrides: Partial<SiteRepositoryOptions> = {}) {
      const onError = vi.fn()
      const repo = createSiteRepository({
        upstream: createUpstreamClient({ baseUrl: harness.stub.url, dispatcher: harness.agent, timeoutMs: 1000 }),
        ttlMs: TTL,
        staleMs: STALE,
        negativeTtlMs: 30_000,
        pageTtlMs: TTL,
        max: 100,
        retryDelayMs: 1,
        now: () => harness.clock.time,
        onError,
        ...overrides,
      })
      return { repo, onError }
    },
    siteCalls: () => harness.stub.requests.filter((request) => request.url === '/v1/site_page/web_get'),
  } as RepositoryHarness
  beforeAll(async () => {
    harness.stub = await createStubUpstream()
  })
  afterAll(async () => {
    await harness.stub.close()
  })
  beforeEach(() => {
    harness.agent = new Agent({ connections: 4 })
    harness.clock = { time: 1_000_000 }
    harness.stub.requests.length = 0
  })
  afterEach(async () => {
    await harness.agent.close()
  })
  return harness
}
