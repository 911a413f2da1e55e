import { describe, expect, it } from 'vitest'
import { createSiteAddress } from './site-address.ts'

const href = createSiteAddress({ language: 'en', defaultLanguage: 'zh', searchRoute: 'search', pathMapping: [] })

describe('createSiteAddress', () => {
  // Only a path on the site gets the language prefix; anything safe-url does not call a site path passes through.
  it.each([
    ['/', '/en'],
    ['/c/about?x=1#top', '/en/c/about?x=1#top'],
    ['https://a.example/x', 'https://a.example/x'],
    ['//evil.example/x', '//evil.example/x'],
    ['/\\evil.example', '/\\evil.example'],
    ['#top', '#top'],
    ['mailto:hi@example.com', 'mailto:hi@example.com'],
  ])('%j → %j', (to, expected) => {
    expect(href(to)).toBe(expected)
  })
})
