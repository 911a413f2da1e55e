import { describe, expect, it } from 'vitest'
import { isSameOriginWrite } from './same-origin.ts'

const OWN = 'http://res.localhost'

describe('isSameOriginWrite', () => {
  it.each<[string, Record<string, string>, string, boolean]>([
    // Origin decides
    ['its own origin', { origin: 'http://res.localhost' }, OWN, true],
    ['its own origin in capitals', { origin: 'HTTP://RES.localhost' }, OWN, true],
    ['its own origin with a port', { origin: 'http://res.localhost:8080' }, 'http://res.localhost:8080', true],
    ['the default port spelled out by Host', { origin: 'https://shop.example' }, 'https://shop.example:443', true],
    ['another port', { origin: 'http://res.localhost:8080' }, OWN, false],
    ['another scheme', { origin: 'https://res.localhost' }, OWN, false],
    ['another site', { origin: 'http://evil.example' }, OWN, false],
    ['a sibling subdomain', { origin: 'http://land.localhost' }, OWN, false],
    ['a host that only starts like ours', { origin: 'http://res.localhost.evil.example' }, OWN, false],
    ['Origin: null', { origin: 'null' }, OWN, false],
    ['a file origin', { origin: 'file:///x' }, OWN, false],
    ['junk', { origin: 'not an origin' }, OWN, false],
    ['two origins', { origin: 'http://res.localhost, http://evil.example' }, OWN, false],
    ['an own origin the guard could not read', { origin: 'http://res.localhost' }, '', false],
    // Origin wins over Referer
    [
      'a foreign Origin with an own Referer',
      { origin: 'http://evil.example', referer: 'http://res.localhost/x' },
      OWN,
      false,
    ],
    [
      'an own Origin with a foreign Referer',
      { origin: 'http://res.localhost', referer: 'http://evil.example/x' },
      OWN,
      true,
    ],
    // Referer when there is no Origin
    ['an own Referer', { referer: 'http://res.localhost/d/x?y=1' }, OWN, true],
    ['a foreign Referer', { referer: 'http://evil.example/res.localhost' }, OWN, false],
    ['a junk Referer', { referer: '/relative' }, OWN, false],
    // Fetch Metadata
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }, OWN, false],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }, OWN, false],
    [
      'Sec-Fetch-Site cross-site with an own Origin',
      { origin: 'http://res.localhost', 'sec-fetch-site': 'Cross-Site' },
      OWN,
      false,
    ],
    [
      'Sec-Fetch-Site same-origin with an own Origin',
      { origin: 'http://res.localhost', 'sec-fetch-site': 'same-origin' },
      OWN,
      true,
    ],
    // Not a browser
    ['neither Origin nor Referer', {}, OWN, true],
  ])('%s → %s', (_name, headers, own, expected) => {
    expect(isSameOriginWrite(new Headers(headers), own)).toBe(expected)
  })
})
