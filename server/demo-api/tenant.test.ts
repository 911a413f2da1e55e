import { describe, expect, it } from 'vitest'
import { createDemoTenants } from './data/index.ts'
import { findTenant, normalizeHost } from './tenant.ts'

describe('normalizeHost', () => {
  it.each([
    ['res.localhost', 'res.localhost'],
    ['RES.localhost', 'res.localhost'],
    ['res.localhost:8080', 'res.localhost'],
    ['  Nav.Localhost.  ', 'nav.localhost'],
    ['[::1]:3000', '::1'],
    ['[::1]', '::1'],
    ['127.0.0.1:80', '127.0.0.1'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeHost(raw)).toBe(expected)
  })
})

describe('findTenant', () => {
  const tenants = createDemoTenants(Date.UTC(2025, 0, 1))
  it.each([
    ['localhost', 'site-res'],
    ['ai.localhost', 'site-nav'],
    ['lumen.localhost:443', 'site-land'],
  ])('finds %s by alias', (host, siteId) => {
    expect(findTenant(tenants, host)?.site.site_id).toBe(siteId)
  })
  it.each([[undefined], [''], ['res.localhost.evil.example'], ['xres.localhost']])('finds nothing for %s', (host) => {
    expect(findTenant(tenants, host)).toBeUndefined()
  })
})
