import { describe, expect, it, vi } from 'vitest'
import { routes } from '../../shared/routes.tsx'
import { fakeSite } from '../../test/fake-loader-env.ts'
import { createHtmlCache } from '../cache/pages/html-cache.ts'
import type { AdmittedRequest, HostFacts, RequestFacts } from '../http/request-facts.ts'
import { decideHost } from '../tenant/host-decision.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { toTenant, type Tenant } from '../tenant/tenant.ts'
import { createPageViews } from './front-decision.ts'
import { createCachePolicyLookup } from './page-decision.ts'
import { createPageViewMemo } from './page-view-memo.ts'

const policyOf = createCachePolicyLookup(routes)
const oneLanguage = toTenant('example.test', fakeSite())
// A config changed to offer two languages: a visitor without the cookie is then given one (private).
const twoLanguages: Tenant = { ...oneLanguage, languages: ['en', 'zh'] }

function front(target = '/res/hot', langCookie: string | undefined = undefined): AdmittedRequest {
  const host: HostFacts = { hostHeaders: ['example.test'], target, scheme: 'http' }
  const facts: RequestFacts = {
    method: 'GET',
    host,
    target: { pathname: target, search: '' },
    targetAsIs: true,
    langCookie,
    acceptLanguage: undefined,
    acceptEncoding: undefined,
    ifNoneMatch: undefined,
    clientAddress: undefined,
    requestId: undefined,
    userAgent: undefined,
  }
  return { facts, host: decideHost(host), api: false }
}

describe('createPageViewMemo', () => {
  it('decides an address once per tenant view and generation, and again under another of either', () => {
    let generation = 'build-1 0'
    const memo = createPageViewMemo<number>({ generation: () => generation })
    const decide = vi.fn(() => decide.mock.calls.length)
    expect(memo.get('a', oneLanguage, decide)).toBe(1)
    expect(memo.get('a', oneLanguage, decide)).toBe(1)
    expect(memo.get('b', oneLanguage, decide)).toBe(2)
    expect(memo.get('a', twoLanguages, decide)).toBe(3)
    generation = 'build-1 1'
    expect(memo.get('a', twoLanguages, decide)).toBe(4)
    expect(decide).toHaveBeenCalledTimes(4)
  })

  it('holds at most `max` decisions, whatever addresses strangers send', () => {
    const memo = createPageViewMemo<string>({ generation: () => '', max: 100 })
    for (let n = 0; n < 10_000; n++) memo.get(`/page-${n}`, oneLanguage, () => 'view')
    expect(memo.size).toBe(100)
  })

  it('keeps no address longer than its bound (a stranger’s huge cookie is decided each time)', () => {
    const memo = createPageViewMemo<string>({ generation: () => '', maxKeyLength: 1024 })
    const decide = vi.fn(() => 'view')
    const huge = `/res/hot\n=${'x'.repeat(60_000)}`
    memo.get(huge, oneLanguage, decide)
    memo.get(huge, oneLanguage, decide)
    expect(decide).toHaveBeenCalledTimes(2)
    expect(memo.size).toBe(0)
  })
})

describe('the page views the hit writer answers from, remembered per address', () => {
  /** Page views over a repository holding `held()` for example.test, with the app's generation. */
  function pageViews(held: () => Tenant, generation: () => string) {
    const sites = {
      peekSite: (host: string) => (host === 'example.test' ? held().site : undefined),
      tenantOf: () => held(),
    } as unknown as SiteRepository
    const rerenderFor = vi.fn(() => () => Promise.reject(new Error('never rendered here')))
    return { views: createPageViews({ sites, policyOf, imageOptimizer: false, rerenderFor, generation }), rerenderFor }
  }

  it('decides an address once: the next request to it reads the same view', () => {
    const { views, rerenderFor } = pageViews(
      () => oneLanguage,
      () => 'b1 0',
    )
    const first = views.cachedView(front())
    expect(first?.key).toBe('example.test:html:en:http://example.test/res/hot')
    expect(views.cachedView(front())).toBe(first)
    expect(rerenderFor).toHaveBeenCalledTimes(1)
    // Another address is another decision.
    expect(views.cachedView(front('/res/hot', 'en'))).not.toBe(first)
  })

  it('takes a purge into account at once: a purge applied here decides every address again', () => {
    const htmlCache = createHtmlCache({ ttlMs: 10_000, maxBytes: 1024 * 1024 })
    const { views, rerenderFor } = pageViews(
      () => oneLanguage,
      () => `b1 ${htmlCache.purges}`,
    )
    const before = views.cachedView(front())
    htmlCache.purge({ host: 'example.test', mode: 'soft' })
    const after = views.cachedView(front())
    expect(after).not.toBe(before)
    expect(after?.key).toBe(before?.key)
    expect(rerenderFor).toHaveBeenCalledTimes(2)
  })

  it('takes a config change into account at once: the new tenant view decides again', () => {
    let held = oneLanguage
    const { views } = pageViews(
      () => held,
      () => 'b1 0',
    )
    expect(views.cachedView(front())).not.toBeNull()
    held = twoLanguages
    // The answer now sets the language cookie: private, left to the app.
    expect(views.cachedView(front())).toBeNull()
  })

  it('takes a new build into account: a decision of another build is taken again', () => {
    let build = 'b1'
    const { views, rerenderFor } = pageViews(
      () => oneLanguage,
      () => `${build} 0`,
    )
    const old = views.cachedView(front())
    build = 'b2'
    expect(views.cachedView(front())).not.toBe(old)
    expect(rerenderFor).toHaveBeenCalledTimes(2)
  })
})
