import { describe, expect, it } from 'vitest'
import {
  dataKey,
  describeSiteKey,
  globalRecordsKey,
  htmlKey,
  lockKey,
  pageConfigKey,
  parseHtmlKey,
  purgeChannel,
  purgeStreamKey,
  sharedKey,
  showPathKey,
  siteKey,
  tagIndexKey,
  tenantKeyPrefix,
  tenantRecordsKey,
  unsharedKey,
} from './cache-keys.ts'

const HOST = 'res.localhost'

/** Every kind of key a tenant has, as the caches spell them. */
const KEYS: [string, string][] = [
  ['site config', siteKey(HOST, '')],
  ['site config in a language', siteKey(HOST, 'en')],
  ['page config', pageConfigKey(HOST, { language: 'en', groupPath: 'c', pagePath: 'about' })],
  ['show paths', showPathKey(HOST)],
  ['data', dataKey(HOST, '/v1/resource/list', { b: 2, a: 1 })],
  ['rendered page', htmlKey(HOST, 'zh', 'http://res.localhost:3000', '/res/hot?page=2')],
]

describe('cache keys', () => {
  it.each([
    [siteKey(HOST, ''), 'res.localhost:site'],
    [siteKey(HOST, 'en'), 'res.localhost:site:en'],
    [
      pageConfigKey(HOST, { language: 'en', groupPath: 'c', pagePath: 'about' }),
      'res.localhost:page:["en","c","about"]',
    ],
    [showPathKey(HOST), 'res.localhost:show_path'],
    [dataKey(HOST, '/v1/x', { b: [{ d: 1, c: 2 }], a: 1 }), 'res.localhost:data:/v1/x:{"a":1,"b":[{"c":2,"d":1}]}'],
    [htmlKey(HOST, 'zh', 'https://res.localhost', '/res/hot'), 'res.localhost:html:zh:https://res.localhost/res/hot'],
    // The origin as sent never makes a new key: only its scheme counts, beside the tenant host.
    [
      htmlKey(HOST, 'zh', 'https://RES.localhost.:8443', '/res/hot'),
      'res.localhost:html:zh:https://res.localhost/res/hot',
    ],
    [
      htmlKey(HOST, 'zh', 'http://res.localhost:1234', '/res/hot'),
      'res.localhost:html:zh:http://res.localhost/res/hot',
    ],
    [tenantKeyPrefix(HOST), 'res.localhost:'],
    [sharedKey('ts:', siteKey(HOST, '')), 'ts:{res.localhost}:site'],
    [lockKey('ts:', siteKey(HOST, '')), 'ts:lock:{res.localhost}:site'],
    [tenantRecordsKey('ts:', HOST), 'ts:{res.localhost}:purged'],
    [globalRecordsKey('ts:'), 'ts:purged:all'],
    [purgeStreamKey('blue:'), 'blue:purges'],
    [purgeChannel('ts:'), 'ts:purge'],
  ])('%s is spelled %s', (key, expected) => {
    expect(key).toBe(expected)
  })

  it.each(KEYS)("a %s key starts with its tenant prefix and no other tenant's", (_kind, key) => {
    expect(key.startsWith(tenantKeyPrefix(HOST))).toBe(true)
    expect(key.startsWith(tenantKeyPrefix('res.local'))).toBe(false)
    expect(sharedKey('ts:', key).startsWith(sharedKey('ts:', tenantKeyPrefix(HOST)))).toBe(true)
    // Locks live outside the tenant prefix: a purge never deletes another instance's lock.
    expect(lockKey('ts:', key).startsWith(sharedKey('ts:', tenantKeyPrefix(HOST)))).toBe(false)
    expect(unsharedKey('ts:', sharedKey('ts:', key))).toBe(key)
  })

  it.each(KEYS)(
    'a %s key, its lock, its tag index and its tenant’s records share one Cluster hash tag',
    (_kind, key) => {
      // Redis Cluster hashes the text between the first `{` and the next `}`.
      const hashTag = (redisKey: string) => /\{([^}]*)\}/.exec(redisKey)?.[1]
      for (const redisKey of [
        sharedKey('blue:', key),
        lockKey('blue:', key),
        sharedKey('blue:', tagIndexKey(HOST, 'post:1')),
        tenantRecordsKey('blue:', HOST),
      ]) {
        expect(redisKey.startsWith('blue:')).toBe(true)
        expect(hashTag(redisKey)).toBe(HOST)
      }
    },
  )

  it('reads back no cache key from a key of another prefix', () => {
    expect(unsharedKey('green:', sharedKey('blue:', siteKey(HOST, '')))).toBeNull()
  })

  it('data keys ignore key order in the body', () => {
    expect(dataKey(HOST, '/v1/x', { a: 1, b: 2 })).toBe(dataKey(HOST, '/v1/x', { b: 2, a: 1 }))
  })

  it.each([
    [
      htmlKey(HOST, 'zh', 'http://res.localhost:3000', '/res/hot?page=2'),
      { host: HOST, language: 'zh', origin: 'http://res.localhost', routerPath: '/res/hot?page=2' },
    ],
    [
      htmlKey(HOST, 'en', 'https://res.example', '/'),
      { host: HOST, language: 'en', origin: 'https://res.localhost', routerPath: '/' },
    ],
    [siteKey(HOST, 'en'), null],
    [dataKey(HOST, '/v1/x', {}), null],
  ])('parses the HTML key %s back into its facts', (key, facts) => {
    expect(parseHtmlKey(key)).toEqual(facts)
  })

  it.each([
    [siteKey(HOST, ''), HOST],
    [siteKey(HOST, 'en'), `${HOST} en`],
    [showPathKey(HOST), showPathKey(HOST)],
  ])('names the site key %s as %s in logs', (key, named) => {
    expect(describeSiteKey(key)).toBe(named)
  })
})
