import { describe, expect, it } from 'vitest'
import { htmlKey } from '../cache-keys.ts'
import type { PurgeScope } from './purge-scope.ts'
import { createPurgeLog } from './purge-log.ts'

const about = htmlKey('a.test', 'en', 'https://a.test', '/c/about')
const home = htmlKey('a.test', 'en', 'https://a.test', '/')
const other = htmlKey('b.test', 'en', 'https://b.test', '/c/about')

const tenant: PurgeScope = { host: 'a.test', mode: 'soft' }
const aboutPage: PurgeScope = {
  host: 'a.test',
  mode: 'soft',
  pages: [{ routerPathname: '/c/about', languages: ['en'] }],
}
const tagged: PurgeScope = { host: 'a.test', mode: 'soft', tags: ['post:12'] }
const everything: PurgeScope = { host: null, mode: 'hard' }

describe('the purge log', () => {
  it.each([
    ['no purge since the render started', [], about, false],
    ['the tenant was purged', [tenant], about, true],
    ['another tenant was purged', [{ ...tenant, host: 'b.test' }], about, false],
    ['that page was purged', [aboutPage], about, true],
    ['another page of the tenant was purged', [aboutPage], home, false],
    ['a tag of the tenant was purged (what the render read is not known yet)', [tagged], home, true],
    ['a tag of another tenant was purged', [tagged], other, false],
    ['everything was purged', [everything], other, true],
  ])('a render: %s', (_, scopes: PurgeScope[], key, covered) => {
    const log = createPurgeLog()
    const started = log.current
    for (const scope of scopes) log.record(scope)
    expect(log.coversSince(started, key)).toBe(covered)
  })

  it('judges a render only by the purges after it started', () => {
    const log = createPurgeLog()
    log.record(tenant)
    const started = log.current
    log.record(aboutPage)
    expect(log.coversSince(started, home)).toBe(false)
    expect(log.coversSince(started, about)).toBe(true)
    expect(log.coversSince(0, home)).toBe(true)
  })

  it('counts a render older than every purge it remembers as covered', () => {
    const log = createPurgeLog(2)
    const started = log.current
    for (let i = 0; i < 3; i++) log.record({ ...tenant, host: 'b.test' })
    expect(log.coversSince(started, about)).toBe(true)
    expect(log.coversSince(log.current - 2, about)).toBe(false)
  })
})
