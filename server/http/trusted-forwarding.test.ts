import { describe, expect, it } from 'vitest'
import { type ForwardingHeaders, type ProxyTrust, toTrustedForwarding } from './trusted-forwarding.ts'

const NONE: ForwardingHeaders = {
  xForwardedFor: undefined,
  xForwardedProto: undefined,
  xForwardedHost: undefined,
  forwarded: undefined,
}
/** The socket peer: the nearest proxy, or the visitor when none is trusted. */
const PEER = '10.0.0.3'
interface Connection {
  scheme: 'http' | 'https'
  peerAddress: string | undefined
}
const plain: Connection = { scheme: 'http', peerAddress: PEER }
const hops = (n: number, forwardedHost = false): ProxyTrust => ({ hops: n, forwardedHost })
const read = (trust: ProxyTrust, headers: Partial<ForwardingHeaders>, connection: Connection = plain) =>
  toTrustedForwarding(trust, { ...NONE, ...headers }, connection)

describe('toTrustedForwarding: the client address', () => {
  // HAProxy alone (1): X-Forwarded-For is [what the visitor wrote…, visitor]. Varnish → HAProxy (2):
  // [what the visitor wrote…, visitor, Varnish], the peer being HAProxy.
  it.each<[string, number, string | undefined, string]>([
    ['no proxy: the peer', 0, undefined, PEER],
    ['no proxy: a forged list is ignored', 0, '6.6.6.6', PEER],
    ['one hop: the address it appended', 1, '203.0.113.7', '203.0.113.7'],
    ['one hop: what the visitor wrote before it is ignored', 1, '6.6.6.6, 203.0.113.7', '203.0.113.7'],
    ['one hop: IPv6', 1, '2001:db8::7', '2001:db8::7'],
    ['one hop that sent no list: the peer', 1, undefined, PEER],
    ['one hop, an empty list: the peer', 1, '', PEER],
    ['one hop, a malformed entry: the peer', 1, '6.6.6.6, not-an-ip', PEER],
    ['one hop, an entry with a port: the peer', 1, '203.0.113.7:5000', PEER],
    ['one hop, a trailing comma: the peer', 1, '203.0.113.7,', PEER],
    ['two hops: the address the furthest one saw', 2, '203.0.113.7, 10.0.0.2', '203.0.113.7'],
    ['two hops: forged entries before it are ignored', 2, '6.6.6.6, 7.7.7.7, 203.0.113.7, 10.0.0.2', '203.0.113.7'],
    ['two hops, only one in the list: the nearest known', 2, '10.0.0.2', '10.0.0.2'],
    ['two hops, the furthest entry malformed: the nearer one', 2, '<script>, 10.0.0.2', '10.0.0.2'],
    ['two hops, the nearer entry malformed: the peer', 2, '203.0.113.7, bogus', PEER],
  ])('%s', (_name, n, xForwardedFor, expected) => {
    expect(read(hops(n), { xForwardedFor }).clientAddress).toBe(expected)
  })

  it('has no address without a peer (a web Request from no socket), whatever the list says', () => {
    const noPeer = { scheme: 'http', peerAddress: undefined } as const
    expect(read(hops(0), {}, noPeer).clientAddress).toBeUndefined()
    expect(read(hops(1), { xForwardedFor: '203.0.113.7' }, noPeer).clientAddress).toBeUndefined()
  })

  it('finds the visitor behind a long forged list', () => {
    const forged = Array.from({ length: 2000 }, (_, i) => `10.${i >> 8}.${i & 255}.1`).join(', ')
    expect(read(hops(2), { xForwardedFor: `${forged}, 203.0.113.7, 10.0.0.2` }).clientAddress).toBe('203.0.113.7')
  })
})

describe('toTrustedForwarding: the scheme', () => {
  it.each<[string, number, Partial<ForwardingHeaders>, 'http' | 'https']>([
    ['no proxy: a forged X-Forwarded-Proto is ignored', 0, { xForwardedProto: 'https' }, 'http'],
    ['no proxy: a forged Forwarded proto is ignored', 0, { forwarded: 'proto=https' }, 'http'],
    ['one hop: its X-Forwarded-Proto', 1, { xForwardedProto: 'https' }, 'https'],
    ['one hop: the right-most X-Forwarded-Proto, the one it set', 1, { xForwardedProto: 'https, http' }, 'http'],
    ['one hop: case does not matter', 1, { xForwardedProto: 'HTTPS' }, 'https'],
    ['one hop: neither http nor https → the connection', 1, { xForwardedProto: 'javascript' }, 'http'],
    ['one hop: the right-most Forwarded element', 1, { forwarded: 'proto=http, for=1.2.3.4;proto=https' }, 'https'],
    ['one hop: a quoted proto', 1, { forwarded: 'for="[2001:db8::1]";proto="https"' }, 'https'],
    ['one hop: X-Forwarded-Proto before Forwarded', 1, { xForwardedProto: 'http', forwarded: 'proto=https' }, 'http'],
    ['one hop: a malformed last Forwarded element', 1, { forwarded: 'proto=https;oops' }, 'http'],
    ['two hops: the nearest one’s value', 2, { xForwardedProto: 'http, https' }, 'https'],
  ])('%s', (_name, n, headers, expected) => {
    expect(read(hops(n), headers).scheme).toBe(expected)
  })

  it('keeps an https connection without a proxy', () => {
    expect(read(hops(0), { xForwardedProto: 'http' }, { scheme: 'https', peerAddress: PEER }).scheme).toBe('https')
  })
})

describe('toTrustedForwarding: the host', () => {
  const forged = { xForwardedHost: 'land.localhost', forwarded: 'host=nav.localhost' }
  it.each<[string, ProxyTrust, Partial<ForwardingHeaders>, string | undefined]>([
    ['no proxy: none', hops(0), forged, undefined],
    ['one hop, Host trusted (the default): none', hops(1), forged, undefined],
    ['two hops, Host trusted: none', hops(2), forged, undefined],
    [
      'a proxy that rewrites Host: its X-Forwarded-Host',
      hops(1, true),
      { xForwardedHost: 'res.localhost' },
      'res.localhost',
    ],
    [
      'a proxy that rewrites Host: the right-most value, never the left-most',
      hops(1, true),
      { xForwardedHost: 'land.localhost, res.localhost' },
      'res.localhost',
    ],
    [
      'a proxy that rewrites Host: the right-most Forwarded host',
      hops(1, true),
      { forwarded: 'host=land.localhost, host="res.localhost";proto=https' },
      'res.localhost',
    ],
    [
      'a quoted comma does not split an element',
      hops(1, true),
      { forwarded: 'host=land.localhost, for="a,b";host=res.localhost' },
      'res.localhost',
    ],
    ['a proxy that rewrites Host but sent none', hops(1, true), {}, undefined],
  ])('%s', (_name, trust, headers, expected) => {
    expect(read(trust, headers).forwardedHost).toBe(expected)
  })
})
