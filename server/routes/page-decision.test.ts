import { describe, expect, it } from 'vitest'
import { routes } from '../../shared/routes.tsx'
import { fakeSite } from '../../test/fake-loader-env.ts'
import { toTenant } from '../tenant/tenant.ts'
import { createCachePolicyLookup, decidePage, type PageRequest } from './page-decision.ts'

const tenant = toTenant('example.test', fakeSite())
const policyOf = createCachePolicyLookup(routes)

function decide(pathAndQuery: string, overrides: Partial<PageRequest> = {}) {
  const url = new URL(pathAndQuery, 'http://example.test')
  return decidePage(
    {
      tenant,
      pathname: url.pathname,
      search: url.search,
      origin: url.origin,
      langCookie: 'en',
      acceptLanguage: undefined,
      isDocument: true,
      ...overrides,
    },
    policyOf,
  )
}

describe('decidePage', () => {
  it.each([
    // [address, router path the loaders see, cache key (after the tenant host)]
    ['/res/hot', '/res/hot', 'html:en:http://example.test/res/hot'],
    ['/res/hot?utm_source=x&fbclid=y', '/res/hot', 'html:en:http://example.test/res/hot'],
    ['/res/hot?page=2&utm_source=x', '/res/hot?page=2', 'html:en:http://example.test/res/hot?page=2'],
    ['/res/hot?page=2&page=3', '/res/hot?page=2', 'html:en:http://example.test/res/hot?page=2'],
    [
      '/s?ref=a&query=cats&category=b',
      '/s?query=cats&category=b',
      'html:en:http://example.test/s?query=cats&category=b',
    ],
    ['/search/post?query=a&category=b', '/search/post?query=a', 'html:en:http://example.test/search/post?query=a'],
    [
      '/goto?url=https%3A%2F%2Fa.example&x=1',
      '/goto?url=https%3A%2F%2Fa.example',
      'html:en:http://example.test/goto?url=https%3A%2F%2Fa.example',
    ],
    ['/d/42?x=1', '/d/42', 'html:en:http://example.test/d/42'],
  ])('%s → router path %s, key …%s', (address, routerPath, key) => {
    expect(decide(address)).toEqual({
      kind: 'render',
      language: 'en',
      routerPath,
      browserPath: new URL(address, 'http://x').pathname,
      cacheKey: `example.test:${key}`,
    })
  })

  it('never caches the not-found page, which keeps the whole query', () => {
    expect(decide('/no/such/page?x=1')).toMatchObject({
      kind: 'render',
      routerPath: '/no/such/page?x=1',
      cacheKey: null,
    })
  })

  it('redirects before anything else, whatever the cache', () => {
    expect(decide('/en/res/hot')).toMatchObject({ kind: 'redirect', status: 301, location: '/res/hot' })
    expect(decide('/%00')).toEqual({ kind: 'bad-request' })
  })

  it('keys by the tenant and the scheme, not the Host as sent: a port, a trailing dot or a case never make a new copy (absolute links come from the site config)', () => {
    const key = (origin: string) => {
      const decision = decide('/res/hot', { origin })
      return decision.kind === 'render' ? decision.cacheKey : null
    }
    expect(key('http://example.test:8080')).toBe(key('http://example.test'))
    expect(key('http://EXAMPLE.test.')).toBe(key('http://example.test'))
    expect(key('https://example.test')).not.toBe(key('http://example.test'))
  })

  it('does not depend on the visitor: cookie and Accept-Language change nothing once a page renders', () => {
    expect(decide('/res/hot', { langCookie: undefined, acceptLanguage: 'en' })).toEqual(
      decide('/res/hot', { langCookie: 'zh', acceptLanguage: 'fr' }),
    )
  })
})
