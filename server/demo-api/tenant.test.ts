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
  it.each([[undefined], [''], ['res.localhost.evil.example'], ['xres.localhost'], ['res.localhost:x'], ['[::1]:3000']])('finds nothing for %s', (host) => {
    expect(findTenant(tenants, host)).toBeUndefined()
  })
})
