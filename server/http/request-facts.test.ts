import { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { readRequestFacts, splitTarget } from './request-facts.ts'
import { NO_PROXY_TRUST } from './trusted-forwarding.ts'

/** Node's request as the server parses it off a socket: raw header pairs and their joined object. */
function incoming(target: string, rawHeaders: string[], method = 'GET', peer?: string): IncomingMessage {
  const socket = new Socket()
  if (peer !== undefined) Object.defineProperty(socket, 'remoteAddress', { value: peer })
  const message = new IncomingMessage(socket)
  message.method = method
  message.url = target
  message.rawHeaders = rawHeaders
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] ?? '').toLowerCase()
    const value = rawHeaders[i + 1] ?? ''
    const known = message.headers[name]
    message.headers[name] = known === undefined ? value : `${known}${name === 'cookie' ? '; ' : ', '}${value}`
  }
  return message
}

const HEADERS = [
  'Host',
  'res.localhost',
  'Cookie',
  'a=1; lang=zh',
  'Accept-Language',
  'zh-CN',
  'Accept-Encoding',
  'gzip, br',
  'If-None-Match',
  'W/"x"',
  'X-Request-Id',
  'trace-7',
  'User-Agent',
  'Bot/1.0',
  'X-Forwarded-Host',
  'land.localhost',
]

/** Forwarding headers a visitor wrote themselves. */
const FORGED = ['X-Forwarded-Host', 'land.localhost', 'X-Forwarded-For', '6.6.6.6', 'X-Forwarded-Proto', 'https']
/** One trusted hop that rewrites Host and reports it in X-Forwarded-Host. */
const BEHIND_HOST_REWRITER = { hops: 1, forwardedHost: true }

describe('readRequestFacts', () => {
  it.each(['/res/hot?page=2', '/a/../res/hot?q=a b'])(
    'reads %s alike from Node’s request and from a web Request',
    (target) => {
      const web = new Request(`http://res.localhost${target.replace(' ', '%20')}`, {
        headers: Object.fromEntries(
          Array.from({ length: HEADERS.length / 2 }, (_, i) => [HEADERS[2 * i] ?? '', HEADERS[2 * i + 1] ?? '']),
        ),
      })
      const fromNode = readRequestFacts(incoming(target, HEADERS), BEHIND_HOST_REWRITER)
      const fromWeb = readRequestFacts(web, BEHIND_HOST_REWRITER)
      const { host: nodeHost, targetAsIs, ...nodeRest } = fromNode
      const { host: webHost, targetAsIs: _webAsIs, ...webRest } = fromWeb
      expect(nodeRest).toEqual(webRest)
      expect(nodeRest).toMatchObject({
        method: 'GET',
        langCookie: 'zh',
        acceptLanguage: 'zh-CN',
        acceptEncoding: 'gzip, br',
        ifNoneMatch: 'W/"x"',
        requestId: 'trace-7',
        userAgent: 'Bot/1.0',
        // Neither came from a socket.
        clientAddress: undefined,
      })
      expect(nodeHost).toMatchObject({ hostHeaders: ['res.localhost'], forwardedHost: 'land.localhost', target })
      expect(webHost).toMatchObject({ hostHeaders: ['res.localhost'], forwardedHost: 'land.localhost' })
      // Only a target URL parsing would not change is taken as it stands (and may be answered before the app).
      expect(targetAsIs).toBe(!target.includes('..'))
    },
  )

  it('keeps every Host header Node received, and leaves forwarding headers unread without a trusted proxy', () => {
    const facts = readRequestFacts(
      incoming(
        '/',
        ['Host', 'res.localhost', 'host', 'evil.test', 'Forwarded', 'host=x;proto=https', ...FORGED],
        'GET',
        '198.51.100.9',
      ),
      NO_PROXY_TRUST,
    )
    expect(facts.host).toEqual({ hostHeaders: ['res.localhost', 'evil.test'], target: '/', scheme: 'http' })
    expect(facts.clientAddress).toBe('198.51.100.9')
  })

  it('behind trusted hops reads the scheme and the client address they report, and the tenant still from Host', () => {
    // HAProxy's `option forwardfor` adds a header line of its own after the ones it received.
    const facts = readRequestFacts(
      incoming('/', ['Host', 'res.localhost', ...FORGED, 'X-Forwarded-For', '203.0.113.7'], 'GET', '10.0.0.3'),
      { hops: 1, forwardedHost: false },
    )
    expect(facts.host).toEqual({ hostHeaders: ['res.localhost'], target: '/', scheme: 'https' })
    expect(facts.clientAddress).toBe('203.0.113.7')
    const two = readRequestFacts(
      incoming(
        '/',
        ['Host', 'res.localhost', ...FORGED, 'X-Forwarded-For', '203.0.113.7, 10.0.0.2'],
        'GET',
        '10.0.0.3',
      ),
      { hops: 2, forwardedHost: false },
    )
    expect(two.clientAddress).toBe('203.0.113.7')
  })

  it('reads the client address from Node’s socket, and none from a web Request', () => {
    const request = incoming('/', ['Host', 'res.localhost'])
    Object.defineProperty(request.socket, 'remoteAddress', { value: '203.0.113.7' })
    expect(readRequestFacts(request, NO_PROXY_TRUST).clientAddress).toBe('203.0.113.7')
    expect(readRequestFacts(new Request('http://res.localhost/'), NO_PROXY_TRUST).clientAddress).toBeUndefined()
  })

  it('reads the path and query of an absolute-form target from it', () => {
    const facts = readRequestFacts(incoming('http://res.localhost/a/./b?x', ['Host', 'res.localhost']), NO_PROXY_TRUST)
    expect(facts.target).toEqual({ pathname: '/a/b', search: '?x' })
    expect(facts.targetAsIs).toBe(false)
  })
})

describe('splitTarget', () => {
  it.each([
    '/',
    '/res/hot',
    '/res/hot?',
    '/s?q=a%20b&page=2',
    '/a/b/?x=1?y=2',
    '/a:b@c/!$&()*+,;=~',
    '/%E4%B8%AD?q=%zz',
    '//double//slash',
    '/a/..b/.c/',
    '/a/%2e.x/%2e%2e%2e/',
    '/x?a=/./b',
    '/x?a=..',
  ])('reads %s as URL parsing does', (target) => {
    // As the app sees it: @hono/node-server puts scheme and Host in front of the target.
    const url = new URL(`http://res.localhost${target}`)
    expect(splitTarget(target)).toEqual({ pathname: url.pathname, search: url.search })
  })

  it.each([
    '/a/./b',
    '/a/../b',
    '/a/%2e%2e/b',
    '/a/%2E/b',
    '/a/.%2e',
    '/a/%2e.',
    '/a/..',
    '/a/.',
    '/a b',
    '/a"b',
    '/a<b>',
    '/a`b',
    '/a{b}',
    '/a|b',
    '/a\\b',
    '/a#frag',
    "/it's",
    "/a?q='",
    '/a?q="',
    'http://res.localhost/a',
    '*',
    '',
    '/é',
  ])('declines %s', (target) => {
    expect(splitTarget(target)).toBeNull()
  })
})
