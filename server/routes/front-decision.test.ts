import { describe, expect, it } from 'vitest'
import { routes } from '../../shared/routes.tsx'
import { fakeSite } from '../../test/fake-loader-env.ts'
import type { HostFacts } from '../middleware/host-guard.ts'
import { toTenant, type Tenant } from '../tenant/tenant.ts'
import { decideFront, splitTarget, type FrontFacts } from './front-decision.ts'
import { createCachePolicyLookup } from './page-decision.ts'

const policyOf = createCachePolicyLookup(routes)
const tenant = toTenant('example.test', fakeSite())
// Only the count of languages decides whether the cookie matters.
const twoLanguages: Tenant = { ...tenant, languages: ['en', 'zh'] }

function facts(overrides: Partial<FrontFacts> & { hosts?: string[] } = {}): FrontFacts {
  const { hosts = ['example.test'], ...rest } = overrides
  const host: HostFacts = { hostHeaders: hosts, target: rest.pathname ?? '/res/hot', scheme: 'http', trustProxy: false }
  return { host, pathname: '/res/hot', search: '', langCookie: 'en', acceptLanguage: undefined, ...rest }
}

describe('decideFront', () => {
  it.each([
    ['two Host headers', facts({ hosts: ['example.test', 'other.test'] }), tenant, { kind: 'refused-host' }],
    ['a malformed Host', facts({ hosts: ['exa_mple.test'] }), tenant, { kind: 'refused-host' }],
    [
      'a tenant not at hand',
      facts(),
      undefined,
      { kind: 'tenant-unknown', host: 'example.test', origin: 'http://example.test' },
    ],
    [
      'a page with its cache key',
      facts(),
      tenant,
      {
        kind: 'decided',
        setsLangCookie: false,
        decision: { kind: 'render', cacheKey: 'example.test:html:en:http://example.test/res/hot' },
      },
    ],
    [
      'a redirect',
      facts({ pathname: '/en/res/hot' }),
      tenant,
      { kind: 'decided', decision: { kind: 'redirect', status: 301, location: '/res/hot' } },
    ],
    [
      'a page never cached',
      facts({ pathname: '/no/such/page' }),
      tenant,
      { kind: 'decided', decision: { kind: 'render', cacheKey: null } },
    ],
    [
      'one language: no cookie set, even without one',
      facts({ langCookie: undefined }),
      tenant,
      { kind: 'decided', setsLangCookie: false },
    ],
    [
      'two languages, no cookie: it is set',
      facts({ langCookie: undefined }),
      twoLanguages,
      { kind: 'decided', setsLangCookie: true },
    ],
    [
      'two languages, the page’s cookie: not set again',
      facts(),
      twoLanguages,
      { kind: 'decided', setsLangCookie: false },
    ],
  ] as const)('%s', (_name, input, held, expected) => {
    expect(decideFront(input, () => held, policyOf)).toMatchObject(expected)
  })

  it('takes the origin from the host decision, as the host guard does', () => {
    const front = decideFront(
      facts({ hosts: ['Example.test:8080'] }),
      (host) => (host === 'example.test' ? tenant : undefined),
      policyOf,
    )
    expect(front).toMatchObject({
      kind: 'decided',
      origin: 'http://example.test:8080',
      // The key names the tenant, not the Host as sent: a port never makes a new copy.
      decision: { cacheKey: 'example.test:html:en:http://example.test/res/hot' },
    })
  })
})

describe('splitTarget', () => {
  it.each([
    '/',
    '/res/hot',
    '/res/hot?',
    '/s?q=a%20b&page=2',
    '/a/b/?x=1?y=2',
    '/a:b@c/!$&()*+,;=~',
    '/%E4%B8%AD?q=%zz',
    '//double//slash',
    '/a/..b/.c/',
    '/a/%2e.x/%2e%2e%2e/',
    '/x?a=/./b',
    '/x?a=..',
  ])('reads %s as URL parsing does', (target) => {
    // As the app sees it: @hono/node-server puts scheme and Host in front of the target.
    const url = new URL(`http://res.localhost${target}`)
    expect(splitTarget(target)).toEqual({ pathname: url.pathname, search: url.search })
  })

  it.each([
    '/a/./b',
    '/a/../b',
    '/a/%2e%2e/b',
    '/a/%2E/b',
    '/a/.%2e',
    '/a/%2e.',
    '/a/..',
    '/a/.',
    '/a b',
    '/a"b',
    '/a<b>',
    '/a`b',
    '/a{b}',
    '/a|b',
    '/a\\b',
    '/a#frag',
    "/it's",
    "/a?q='",
    '/a?q="',
    'http://res.localhost/a',
    '*',
    '',
    '/é',
  ])('declines %s', (target) => {
    expect(splitTarget(target)).toBeNull()
  })
})
