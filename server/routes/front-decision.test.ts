import { describe, expect, it } from 'vitest'
import { routes } from '../../shared/routes.tsx'
import { fakeSite } from '../../test/fake-loader-env.ts'
import type { AdmittedRequest, RequestFacts } from '../http/request-facts.ts'
import { decideHost } from '../tenant/host-decision.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'
import { toTenant, type Tenant } from '../tenant/tenant.ts'
import { createPageViews, decidePageView } from './front-decision.ts'
import { createCachePolicyLookup } from './page-decision.ts'

const policyOf = createCachePolicyLookup(routes)
const site = fakeSite()
const tenant = toTenant('example.test', site)
// Only the count of languages decides whether the cookie matters.
const twoLanguages: Tenant = { ...tenant, languages: ['en', 'zh'] }
const ORIGIN = 'http://example.test'

type PageRequest = Pick<RequestFacts, 'target' | 'langCookie' | 'acceptLanguage'>

function facts(overrides: { pathname?: string; langCookie?: string | undefined } = {}): PageRequest {
  const { pathname = '/res/hot', ...rest } = overrides
  return { target: { pathname, search: '' }, langCookie: 'en', acceptLanguage: undefined, ...rest }
}

describe('decidePageView', () => {
  it.each([
    [
      'a page with its cache key',
      facts(),
      tenant,
      {
        setsLangCookie: false,
        decision: { kind: 'render', cacheKey: 'example.test:html:en:http://example.test/res/hot' },
      },
    ],
    [
      'a redirect',
      facts({ pathname: '/en/res/hot' }),
      tenant,
      { decision: { kind: 'redirect', status: 301, location: '/res/hot' } },
    ],
    [
      'a page never cached',
      facts({ pathname: '/no/such/page' }),
      tenant,
      { decision: { kind: 'render', cacheKey: null } },
    ],
    [
      'one language: no cookie set, even without one',
      facts({ langCookie: undefined }),
      tenant,
      { setsLangCookie: false },
    ],
    ['two languages, no cookie: it is set', facts({ langCookie: undefined }), twoLanguages, { setsLangCookie: true }],
    ['two languages, the page’s cookie: not set again', facts(), twoLanguages, { setsLangCookie: false }],
  ] as const)('%s', (_name, input, held, expected) => {
    expect(decidePageView(input, held, ORIGIN, policyOf)).toMatchObject(expected)
  })

  it('keys the page by its tenant, not by the Host as sent: a port never makes a new copy', () => {
    const host = decideHost({
      hostHeaders: ['Example.test:8080'],
      target: '/res/hot',
      scheme: 'http',
    })
    if (!host.ok) throw new Error(host.reason)
    expect(decidePageView(facts(), tenant, host.origin, policyOf)).toMatchObject({
      origin: 'http://example.test:8080',
      decision: { cacheKey: 'example.test:html:en:http://example.test/res/hot' },
    })
  })
})

/** A request as the front door leaves it. */
function front(options: { hosts?: string[]; langCookie?: string; targetAsIs?: boolean } = {}): AdmittedRequest {
  const { hosts = ['example.test'], langCookie = 'en', targetAsIs = true } = options
  const host = { hostHeaders: hosts, target: '/res/hot', scheme: 'http' } as const
  const requestFacts: RequestFacts = {
    ...facts({ langCookie }),
    method: 'GET',
    host,
    targetAsIs,
    acceptEncoding: undefined,
    ifNoneMatch: undefined,
    clientAddress: undefined,
    requestId: undefined,
    userAgent: undefined,
  }
  return { facts: requestFacts, host: decideHost(host), api: false }
}

describe('createPageViews', () => {
  // Only example.test is held fresh; the repository's tenant view of it is the same object each time.
  const sites = {
    peekSite: (host: string) => (host === 'example.test' ? site : undefined),
    tenantOf: () => tenant,
  } as unknown as SiteRepository
  const views = () =>
    createPageViews({
      sites,
      policyOf,
      imageOptimizer: false,
      rerenderFor: () => () => Promise.reject(new Error('never rendered here')),
    })

  it('decides a request’s page view once: the document route reads what the hit writer decided', () => {
    const pageViews = views()
    const request = front()
    const first = pageViews.cachedView(request)
    expect(first?.key).toBe('example.test:html:en:http://example.test/res/hot')
    const view = pageViews.viewOf(request, tenant, ORIGIN)
    expect(pageViews.viewOf(request, tenant, ORIGIN)).toBe(view)
    // Another tenant found by the app (a config reloaded meanwhile) is decided anew.
    expect(pageViews.viewOf(request, twoLanguages, ORIGIN)).not.toBe(view)
  })

  it.each([
    ['a refused host', front({ hosts: ['exa_mple.test'] })],
    ['a tenant not held fresh', front({ hosts: ['other.test'] })],
    ['a target URL parsing rewrote', front({ targetAsIs: false })],
    [
      'a page never cached',
      { ...front(), facts: { ...front().facts, target: { pathname: '/no/such/page', search: '' } } },
    ],
  ])('leaves %s to the app', (_name, request) => {
    expect(views().cachedView(request)).toBeNull()
  })
})
