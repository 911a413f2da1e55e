import { describe, expect, it } from 'vitest'
import { canonicalOrigin } from './canonical-origin.ts'

const site = (canonical_link: string, domain = 'example.com', alias_domain = ['www.example.com', 'alias.test']) => ({
  domain,
  alias_domain,
  seo_config: { tdk: {}, canonical_link, favicon: '', customize_code: { model: 1 as const, data: [] } },
})

describe('canonicalOrigin', () => {
  it.each([
    ['', 'example.com', 'https://example.com'],
    ['', 'alias.test', 'https://example.com'],
    ['http://www.example.com', 'alias.test', 'http://www.example.com'],
    ['https://example.com/some/page', 'example.com', 'https://example.com'],
    ['https://EXAMPLE.com:8443/', 'example.com', 'https://example.com:8443'],
    // Another host, a script URL or credentials never become the origin.
    ['https://evil.test', 'example.com', 'https://example.com'],
    ['javascript:alert(1)', 'example.com', 'https://example.com'],
    ['https://user:pw@example.com', 'example.com', 'https://example.com'],
    ['not a url', 'alias.test', 'https://example.com'],
  ])('canonical_link %j on host %s → %s', (link, host, expected) => {
    expect(canonicalOrigin(site(link), host, 'https')).toBe(expected)
  })

  it('uses the served host when the config names no usable domain, and the configured scheme', () => {
    expect(canonicalOrigin(site('', ' bad domain '), 'shop.test', 'http')).toBe('http://shop.test')
  })
})
