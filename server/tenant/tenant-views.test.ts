import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeSite } from '../../test/fake-loader-env.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import type { SiteConfig } from '../../shared/types.ts'
import { createTenantViews } from './tenant.ts'

describe('createTenantViews', () => {
  it('builds a view once per config, host and features, and parses the site code once per view', () => {
    const views = createTenantViews()
    const site = fakeSite()
    const tenant = views.of('a.example', site)
    expect(views.of('a.example', site)).toBe(tenant)
    expect(views.of('a.example', site, { imageOptimizer: true })).not.toBe(tenant)
    expect(views.of('b.example', site)).not.toBe(tenant)
    expect(views.of('a.example', { ...site })).not.toBe(tenant)
    expect(tenant.siteCode()).toBe(tenant.siteCode())
  })

  it('two sets of views share nothing', () => {
    const site = fakeSite()
    const one = createTenantViews().of('a.example', site)
    const other = createTenantViews().of('a.example', site)
    expect(other).not.toBe(one)
    expect(other.siteCode()).not.toBe(one.siteCode())
  })
})

describe('tenant views in the app', () => {
  let first: TestSite
  let second: TestSite
  beforeAll(async () => {
    ;[first, second] = await Promise.all([startTestSite(), startTestSite()])
  })
  afterAll(() => Promise.all([first.close(), second.close()]))

  async function siteOf(site: TestSite): Promise<SiteConfig> {
    const found = await site.sites.getSite('res.localhost', {
      userAgent: 'test',
      referer: '',
      appDomain: 'res.localhost',
    })
    if (found.kind !== 'found') throw new Error(`res.localhost: ${found.kind}`)
    return found.site
  }

  it('belong to each app instance, and a purge of the site reaches them', async () => {
    const config = await siteOf(first)
    const tenant = first.sites.tenantOf('res.localhost', config)
    expect(first.sites.tenantOf('res.localhost', config)).toBe(tenant)
    expect(second.sites.tenantOf('res.localhost', config)).not.toBe(tenant)

    first.sites.purge('res.localhost')
    const refreshed = await siteOf(first)
    expect(refreshed).not.toBe(config)
    expect(first.sites.tenantOf('res.localhost', refreshed)).not.toBe(tenant)
  })
})

describe('values derived from cached pages', () => {
  let first: TestSite
  let second: TestSite
  beforeAll(async () => {
    ;[first, second] = await Promise.all([startTestSite(), startTestSite()])
  })
  afterAll(() => Promise.all([first.close(), second.close()]))

  it('are kept per app instance, and a purge of the site drops them with the page', async () => {
    const context = { userAgent: 'test', referer: '', appDomain: 'res.localhost' }
    const [row] = await first.sites.getShowPaths('res.localhost', context)
    if (row === undefined) throw new Error('res.localhost lists no pages')
    const where = { language: '', groupPath: row.group_path, pagePath: row.page_path }
    const page = await first.sites.getPage('res.localhost', where, context)
    if (page === null) throw new Error(`res.localhost has no page ${row.group_path}/${row.page_path}`)
    const key = {}
    const value = first.sites.derived.get(page, key, () => ({ parsed: 1 }))
    expect(first.sites.derived.get(page, key, () => ({ parsed: 2 }))).toBe(value)
    expect(second.sites.derived.get(page, key, () => ({ parsed: 3 }))).toEqual({ parsed: 3 })

    first.sites.purge('res.localhost')
    const refreshed = await first.sites.getPage('res.localhost', where, context)
    expect(refreshed).not.toBe(page)
    expect(first.sites.derived.get(refreshed!, key, () => ({ parsed: 4 }))).toEqual({ parsed: 4 })
  })
})
