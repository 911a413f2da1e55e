import { describe, expect, it } from 'vitest'
import { createDemoTenants } from './data/index.ts'
import { findTenant } from './tenant.ts'

describe('findTenant', () => {
  const tenants = createDemoTenants(Date.UTC(2025, 0, 1))
  it.each([
    ['localhost', 'site-res'],
    ['ai.localhost', 'site-nav'],
    ['lumen.localhost:443', 'site-land'],
    ['res.localhost', 'site-res'],
    ['RES.localhost:8080', 'site-res'],
    ['  Nav.Localhost.  ', 'site-nav'],
  ])('finds %s by domain or alias', (host, siteId) => {
    expect(findTenant(tenants, host)?.site.site_id).toBe(siteId)
  })
  it.each([[undefined], [''], ['res.localhost.evil.example'], ['xres.localhost'], ['res.localhost:x'], ['[::1]:3000']])(
    'finds nothing for %s',
    (host) => {
      expect(findTenant(tenants, host)).toBeUndefined()
    },
  )

  it.each([
    ['t1.res.localhost', 'site-res'],
    ['t123456.nav.localhost', 'site-nav'],
    ['T7.www.land.localhost:8080', 'site-land'],
    ['res.localhost', 'site-res'],
  ])('with copies, finds %s as a copy of its tenant', (host, siteId) => {
    expect(findTenant(tenants, host, { copies: true })?.site.site_id).toBe(siteId)
  })
  it.each([
    ['t1.res.localhost', false],
    ['t.res.localhost', true],
    ['tx1.res.localhost', true],
    ['t1.unknown.example', true],
    ['t1.t2.res.localhost', true],
  ])('finds no copy for %s (copies: %s)', (host, copies) => {
    expect(findTenant(tenants, host, { copies })).toBeUndefined()
  })
})
