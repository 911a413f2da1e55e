import { describe, expect, it } from 'vitest'
import type { Lang, SiteConfig } from '../types.ts'
import { hostileVariants, MAPPED_PREFIXES } from './hostile-paths.test-helper.ts'
import { decideRedirect, type RedirectDecision, type RedirectInput } from './redirect-decision.ts'
import { toSafeLocalPath } from './safe-path.ts'
import { toSiteRules, type SiteRules } from './site-rules.ts'

const ORIGIN = 'https://tenant.example'

function rules(languages: Lang[], defaultLanguage: Lang, mapping: { from: string; to: string }[] = []): SiteRules {
  return toSiteRules({
    language_config: { language_list: languages.map((language) => ({ language, status: 1 })) },
    page_config: { global_config: { default_language: defaultLanguage } },
    path_mapping: mapping,
  } as unknown as SiteConfig)
}

/** zh by default; en, zh-TW and ja enabled; fr supported but not enabled here. */
const SITE = rules(['zh', 'en', 'zh-TW', 'ja'], 'zh', [
  { from: '/post', to: '/articles' },
  { from: '/res/hot', to: '/trending' },
])

type Request = Partial<Omit<RedirectInput, 'site'>> & { site?: SiteRules }

function decide(pathname: string, request: Request = {}): RedirectDecision {
  return decideRedirect({
    pathname,
    search: '',
    site: SITE,
    langCookie: undefined,
    acceptLanguage: undefined,
    allowBrowserLanguageRedirect: true,
    ...request,
  })
}

const render = (language: Lang, routePath: string, browserPath: string): RedirectDecision => ({
  kind: 'render',
  language,
  routePath,
  browserPath,
})
const redirect = (status: 301 | 302, location: string, setLangCookie?: Lang): RedirectDecision =>
  setLangCookie === undefined
    ? { kind: 'redirect', status, location }
    : { kind: 'redirect', status, location, setLangCookie }
const BAD = { kind: 'bad-request' } as const

describe('language prefix', () => {
  it.each<[string, string, RedirectDecision]>([
    ['home in the default language', '/', render('zh', '/', '/')],
    ['page in the default language', '/res/new', render('zh', '/res/new', '/res/new')],
    ['language home without slash', '/en', render('en', '/', '/en')],
    ['language home with slash', '/en/', redirect(301, '/en')],
    ['page in an enabled language', '/en/res/new', render('en', '/res/new', '/en/res/new')],
    ['zh-TW', '/zh-TW/d/42', render('zh-TW', '/d/42', '/zh-TW/d/42')],
    ['trailing slash dropped', '/ja/res/', redirect(301, '/ja/res')],
    ['only the first segment is a prefix', '/en/ja/x', render('en', '/ja/x', '/en/ja/x')],
    ['unsupported code is an ordinary path', '/es/x', render('zh', '/es/x', '/es/x')],
    ['zh-HK is not a prefix', '/zh-HK/x', render('zh', '/zh-HK/x', '/zh-HK/x')],
    ['default prefix → 301 unprefixed', '/zh/res/new', redirect(301, '/res/new')],
    ['default prefix alone', '/zh', redirect(301, '/')],
    ['default prefix with slash', '/zh/', redirect(301, '/')],
    ['default prefix in wrong case', '/ZH/x', redirect(301, '/x')],
    ['wrong case → 301 canonical', '/EN/x', redirect(301, '/en/x')],
    ['wrong case home', '/En', redirect(301, '/en')],
    ['wrong case zh-tw', '/zh-tw/x', redirect(301, '/zh-TW/x')],
    ['wrong case ZH-TW home', '/ZH-TW/', redirect(301, '/zh-TW')],
    ['encoded prefix', '/%65n/x', redirect(301, '/en/x')],
    ['supported, not enabled → 302 unprefixed', '/fr/x', redirect(302, '/x')],
    ['not enabled home', '/fr', redirect(302, '/')],
    ['not enabled in wrong case', '/FR/x', redirect(302, '/x')],
    ['not enabled, prefixed again', '/fr/en/x', redirect(302, '/en/x')],
    ['default then another language', '/zh/en/x', redirect(301, '/en/x')],
  ])('%s: %s', (_name, pathname, expected) => {
    expect(decide(pathname)).toEqual(expected)
  })

  it('honours a site whose default is not zh', () => {
    const english = rules(['en', 'zh'], 'en')
    expect(decide('/', { site: english })).toEqual(render('en', '/', '/'))
    expect(decide('/en/x', { site: english })).toEqual(redirect(301, '/x'))
    expect(decide('/zh/x', { site: english })).toEqual(render('zh', '/x', '/zh/x'))
    expect(decide('/ja/x', { site: english })).toEqual(redirect(302, '/x'))
  })

  it('keeps the query string on every redirect', () => {
    expect(decide('/zh/res/new', { search: '?page=2&q=a%20b' })).toEqual(redirect(301, '/res/new?page=2&q=a%20b'))
    expect(decide('/EN/x', { search: '?a=1' })).toEqual(redirect(301, '/en/x?a=1'))
    expect(decide('/fr/x', { search: '?a=1' })).toEqual(redirect(302, '/x?a=1'))
    expect(decide('/post/1', { search: '?a=//evil.com' })).toEqual(redirect(301, '/articles/1?a=//evil.com'))
    expect(decide('/x', { search: '?a=1', acceptLanguage: 'en' })).toEqual(redirect(302, '/en/x?a=1', 'en'))
  })
})

describe('path mapping', () => {
  it.each<[string, string, RedirectDecision]>([
    ['to form renders as its route', '/articles/1', render('zh', '/post/1', '/articles/1')],
    ['to form alone', '/articles', render('zh', '/post', '/articles')],
    ['to form, nested prefix', '/trending/movies', render('zh', '/res/hot/movies', '/trending/movies')],
    ['to form in a language', '/en/articles/1', render('en', '/post/1', '/en/articles/1')],
    ['from form → 301 to form', '/post/1', redirect(301, '/articles/1')],
    ['from form alone', '/post', redirect(301, '/articles')],
    ['from form with slash', '/post/', redirect(301, '/articles')],
    ['from form in a language', '/en/post/1', redirect(301, '/en/articles/1')],
    ['from form with default prefix: one hop', '/zh/post/1', redirect(301, '/articles/1')],
    ['from form with wrong case prefix: one hop', '/EN/post/1', redirect(301, '/en/articles/1')],
    ['from form, language not enabled: one hop', '/fr/post/1', redirect(302, '/articles/1')],
    ['segment boundary: /post-x', '/post-x', render('zh', '/post-x', '/post-x')],
    ['segment boundary: /postx', '/postx', render('zh', '/postx', '/postx')],
    ['segment boundary: /articlesx', '/articlesx', render('zh', '/articlesx', '/articlesx')],
    ['unmapped neighbour', '/res/new', render('zh', '/res/new', '/res/new')],
    ['escaped unreserved characters', '/%70ost/1', redirect(301, '/articles/1')],
    ['from form after slashes collapse', '//post//1', redirect(301, '/articles/1')],
  ])('%s: %s', (_name, pathname, expected) => {
    expect(decide(pathname)).toEqual(expected)
  })

  it('ignores looping pairs instead of following them', () => {
    const looping = rules(['zh', 'en'], 'zh', [
      { from: '/a', to: '/b' },
      { from: '/b', to: '/a' },
      { from: '/c', to: '/c' },
      { from: '/d', to: '/d/e' },
    ])
    expect(decide('/a/1', { site: looping })).toEqual(redirect(301, '/b/1'))
    expect(decide('/b/1', { site: looping })).toEqual(render('zh', '/a/1', '/b/1'))
    expect(decide('/c/1', { site: looping })).toEqual(render('zh', '/c/1', '/c/1'))
    expect(decide('/d/1', { site: looping })).toEqual(render('zh', '/d/1', '/d/1'))
  })

  it('cleans a hand-built, unsorted mapping itself', () => {
    const site = {
      languages: ['zh'] as Lang[],
      defaultLanguage: 'zh' as Lang,
      pathMapping: [
        { from: '/post', to: '/articles' },
        { from: '/post/top', to: '/best' },
        { from: '/best', to: '/post' },
      ],
    }
    expect(decide('/post/top/1', { site })).toEqual(redirect(301, '/best/1'))
    expect(decide('/best/1', { site })).toEqual(render('zh', '/post/top/1', '/best/1'))
    expect(decide('/articles/top/1', { site })).toEqual(redirect(301, '/best/1'))
  })
})

describe('one spelling per page', () => {
  it.each<[string, string, string]>([
    ['/post/12/', '?page=2&x', '/articles/12?page=2&x'],
    ['/en/res/hot/', '?query=%e4', '/en/trending?query=%e4'],
    ['/c/%e4%b8%ad//', '?a=1', '/c/%E4%B8%AD?a=1'],
  ])('%s%s keeps its query on the redirect', (pathname, search, location) => {
    expect(decide(pathname, { search, allowBrowserLanguageRedirect: false })).toEqual(redirect(301, location))
  })
})

describe('normalization', () => {
  it.each<[string, string, RedirectDecision]>([
    ['double slash', '//x', redirect(301, '/x')],
    ['double slash after prefix', '/en//x', redirect(301, '/en/x')],
    ['dot segments', '/a/./b/../c', redirect(301, '/a/c')],
    ['encoded dot segments', '/a/%2e%2e/c', redirect(301, '/c')],
    ['backslash', '/\\x', redirect(301, '/x')],
    ['encoded slash stays data', '/a%2Fb', render('zh', '/a%2Fb', '/a%2Fb')],
    ['encoded backslash stays data', '/%5Cevil.com', render('zh', '/%5Cevil.com', '/%5Cevil.com')],
    ['UTF-8 path', '/%E6%96%87', render('zh', '/%E6%96%87', '/%E6%96%87')],
    ['lower-case hex is upper-cased', '/%e6%96%87', redirect(301, '/%E6%96%87')],
    ['upper-case hex renders', '/%E6%96%87', render('zh', '/%E6%96%87', '/%E6%96%87')],
    [
      'trailing slash, lower-case hex and double slash in one hop',
      '//post/%e6%96%87//',
      redirect(301, '/articles/%E6%96%87'),
    ],
    ['raw non-ASCII is encoded upper-case', '/文/', redirect(301, '/%E6%96%87')],
    ['raw non-ASCII is encoded, not redirected', '/文', render('zh', '/%E6%96%87', '/%E6%96%87')],
    ['empty pathname', '', render('zh', '/', '/')],
  ])('%s: %j', (_name, pathname, expected) => {
    expect(decide(pathname)).toEqual(expected)
  })
})

describe('bad requests', () => {
  it.each([
    '/%E0%A4%A',
    '/%zz',
    '/%',
    '/a%',
    '/%C3',
    '/%FF',
    '/%00',
    '/a%00b',
    '/a\u0000b',
    '/a\tb',
    '/a\nb',
    '/a\u2028b',
    '/en/%zz',
    '/post/%E0%A4%A',
    '/zh/%00',
    'relative',
    '*',
    'http://evil.com/x',
  ])('%j', (pathname) => {
    expect(decide(pathname)).toEqual(BAD)
    expect(decide(pathname, { acceptLanguage: 'en' })).toEqual(BAD)
  })
})

describe('browser-language redirect (first access only)', () => {
  it.each<[string, string, Request, RedirectDecision]>([
    ['best match enabled non-default', '/', { acceptLanguage: 'en' }, redirect(302, '/en', 'en')],
    ['page keeps its path', '/res/new', { acceptLanguage: 'ja' }, redirect(302, '/ja/res/new', 'ja')],
    ['regional tag', '/', { acceptLanguage: 'en-GB,en;q=0.9' }, redirect(302, '/en', 'en')],
    ['zh-HK → zh-TW', '/x', { acceptLanguage: 'zh-HK' }, redirect(302, '/zh-TW/x', 'zh-TW')],
    ['q-values', '/x', { acceptLanguage: 'ja;q=0.5, en;q=0.9' }, redirect(302, '/en/x', 'en')],
    ['mapped page: to form kept', '/articles/1', { acceptLanguage: 'en' }, redirect(302, '/en/articles/1', 'en')],
    [
      'from form: straight to the final page',
      '/post/1',
      { acceptLanguage: 'en' },
      redirect(302, '/en/articles/1', 'en'),
    ],
    [
      'not enabled prefix: straight to the final page',
      '/fr/post/1',
      { acceptLanguage: 'en' },
      redirect(302, '/en/articles/1', 'en'),
    ],
    ['unclean path: straight to the final page', '//x', { acceptLanguage: 'en' }, redirect(302, '/en/x', 'en')],
    ['best match is the default', '/', { acceptLanguage: 'zh-CN,zh;q=0.9,en;q=0.8' }, render('zh', '/', '/')],
    ['* is the default', '/', { acceptLanguage: '*' }, render('zh', '/', '/')],
    ['not enabled anywhere', '/', { acceptLanguage: 'fr, es' }, render('zh', '/', '/')],
    ['garbage header', '/', { acceptLanguage: ';;;@@@' }, render('zh', '/', '/')],
    ['no header', '/', {}, render('zh', '/', '/')],
    ['cookie present (default)', '/', { acceptLanguage: 'en', langCookie: 'zh' }, render('zh', '/', '/')],
    ['cookie present (other)', '/', { acceptLanguage: 'en', langCookie: 'ja' }, render('zh', '/', '/')],
    ['cookie present (empty)', '/', { acceptLanguage: 'en', langCookie: '' }, render('zh', '/', '/')],
    ['cookie present (garbage)', '/', { acceptLanguage: 'en', langCookie: 'xx' }, render('zh', '/', '/')],
    [
      'POST or payload: caller disallows',
      '/',
      { acceptLanguage: 'en', allowBrowserLanguageRedirect: false },
      render('zh', '/', '/'),
    ],
    [
      'disallowed, from form still 301',
      '/post/1',
      { acceptLanguage: 'en', allowBrowserLanguageRedirect: false },
      redirect(301, '/articles/1'),
    ],
    ['prefixed page is never redirected', '/ja/x', { acceptLanguage: 'en' }, render('ja', '/x', '/ja/x')],
    ['cookie present, not enabled prefix', '/fr/x', { acceptLanguage: 'en', langCookie: 'en' }, redirect(302, '/x')],
    ['explicit default prefix pins the choice', '/zh/x', { acceptLanguage: 'en' }, redirect(301, '/x', 'zh')],
    ['explicit default prefix, nothing to pin', '/zh/x', { acceptLanguage: 'zh' }, redirect(301, '/x')],
    [
      'explicit default prefix, cookie present',
      '/zh/x',
      { acceptLanguage: 'en', langCookie: 'en' },
      redirect(301, '/x'),
    ],
  ])('%s: %s', (_name, pathname, request, expected) => {
    expect(decide(pathname, request)).toEqual(expected)
  })
})

describe('hostile paths never leave the origin', () => {
  const prefixes = [...MAPPED_PREFIXES, '/zh', '/ZH', '/en', '/fr', '/FR', '/zh/post', '/fr/articles', '/trending']

  it.each(hostileVariants(prefixes))('%j', (pathname) => {
    for (const request of [
      {},
      { acceptLanguage: 'en' },
      { search: '?next=//evil.com' },
      { langCookie: 'en' },
    ] satisfies Request[]) {
      const decision = decide(pathname, request)
      if (decision.kind === 'bad-request') continue
      if (decision.kind === 'render') {
        expect(decision.browserPath).toMatch(/^\/(?![/\\])/)
        expect(decision.routePath).toMatch(/^\/(?![/\\])/)
        expect(new URL(decision.browserPath, ORIGIN).origin).toBe(ORIGIN)
        continue
      }
      expect(toSafeLocalPath(decision.location)).toBe(decision.location)
      const target = new URL(decision.location, ORIGIN)
      expect(target.origin).toBe(ORIGIN)
      expect(target.pathname).not.toMatch(/^\/[/\\]/)
    }
  })
})

describe('every redirect ends within two hops, never in a loop', () => {
  const sites: Record<string, SiteRules> = {
    zhDefault: SITE,
    enDefault: rules(['en', 'zh', 'zh-TW'], 'en', [
      { from: '/post', to: '/articles' },
      { from: '/c/legal', to: '/legal' },
    ]),
    nasty: rules(['zh', 'en'], 'zh', [
      { from: '/a', to: '/b' },
      { from: '/b', to: '/a' },
      { from: '/post', to: '/en' },
      { from: '/x', to: '/post' },
      { from: '/s', to: '/s/t' },
      { from: '/res', to: '/res/hot' },
      { from: '/post/top', to: '/best' },
      { from: '/m', to: '/n' },
      { from: '/o', to: '/n/p' },
    ]),
  }
  const prefixes = ['', '/zh', '/ZH', '/en', '/EN', '/fr', '/FR', '/zh-tw', '/zh-TW', '/ja', '/es', '//', '/./']
  const rests = [
    '',
    '/',
    '/x',
    '/post',
    '/post/',
    '/post/1',
    '/post/top/1',
    '/articles/1',
    '/best',
    '/res/hot/a',
    '/trending/a',
    '/legal/p',
    '/c/legal/p',
    '/a/1',
    '/b/1',
    '/s/t',
    '/m/p/1',
    '/n/p/1',
    '/o/1',
    '//x',
    '/a/../post/1',
    '/\\post',
    '/%70ost/1',
    '/%2e/x',
    '/%E6%96%87',
    '/%e6%96%87',
    '/post/1/',
    '/%e6%96%87/',
    '/res/hot/a//',
  ]
  const searches = ['', '?q=1']
  const cookies = [undefined, 'en', 'zh', '']
  const headers = [undefined, 'en', 'ja;q=0.5, zh;q=0.9', 'fr', 'zh-HK', 'zh-CN', '*', 'en-GB, zh;q=0.5']

  it('for every combination of path, site, cookie and Accept-Language', () => {
    // Plain checks collected into one assertion: ~100k decisions, too many for one expect() each.
    const problems: string[] = []
    let redirects = 0
    let twoHops = 0
    for (const site of Object.values(sites)) {
      for (const prefix of prefixes)
        for (const rest of rests)
          for (const search of searches) {
            for (const langCookie of cookies)
              for (const acceptLanguage of headers)
                for (const allow of [true, false]) {
                  const base = { site, acceptLanguage, allowBrowserLanguageRedirect: allow }
                  const url = `${prefix}${rest}${search}`
                  const first = decideRedirect({ ...base, pathname: prefix + rest, search, langCookie })
                  if (first.kind !== 'redirect') continue
                  redirects++
                  if (first.location === url) problems.push(`loop: ${url}`)
                  // Without the visitor's language in play, every spelling is one hop from its page.
                  if (!allow && follow(first.location, { ...base, langCookie }).kind !== 'render')
                    problems.push(`more than one hop: ${url} → ${first.location}`)
                  // A browser follows it, sending the cookie the redirect set (or, dropping cookies, the old one).
                  for (const cookie of new Set([first.setLangCookie ?? langCookie, langCookie])) {
                    const second = follow(first.location, { ...base, langCookie: cookie })
                    if (second.kind === 'render') continue
                    if (second.kind === 'bad-request') {
                      problems.push(`${url} → ${first.location} → bad request`)
                      continue
                    }
                    twoHops++
                    if (second.location === first.location) problems.push(`loop: ${url} → ${first.location}`)
                    const third = follow(second.location, { ...base, langCookie: second.setLangCookie ?? cookie })
                    if (third.kind !== 'render') {
                      problems.push(`${url} → ${first.location} → ${second.location} → ${JSON.stringify(third)}`)
                    }
                  }
                }
          }
    }
    expect(problems).toEqual([])
    expect(redirects).toBeGreaterThan(1000)
    expect(twoHops).toBeGreaterThan(0)
  })

  it('with the cookie the redirect set, the next request renders', () => {
    const problems: string[] = []
    for (const site of Object.values(sites)) {
      for (const prefix of prefixes)
        for (const rest of rests)
          for (const acceptLanguage of headers) {
            const base = { site, acceptLanguage, allowBrowserLanguageRedirect: true, langCookie: undefined }
            const first = decideRedirect({ ...base, pathname: prefix + rest, search: '' })
            if (first.kind !== 'redirect' || first.setLangCookie === undefined) continue
            const next = follow(first.location, { ...base, langCookie: first.setLangCookie })
            if (next.kind !== 'render') problems.push(`${prefix}${rest} → ${first.location} → ${JSON.stringify(next)}`)
          }
    }
    expect(problems).toEqual([])
  })

  function follow(location: string, base: Omit<RedirectInput, 'pathname' | 'search'>): RedirectDecision {
    const url = new URL(location, ORIGIN)
    if (url.origin !== ORIGIN) return { kind: 'bad-request' }
    return decideRedirect({ ...base, pathname: url.pathname, search: url.search })
  }
})
