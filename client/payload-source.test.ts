import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toRouterPathname } from './address-history.ts'
import { createPayloadSource } from './payload-source.ts'

const rules = { languagePrefix: '/en', searchRoute: 'find', pathMapping: [{ from: '/res_tags', to: '/tags' }] }

describe('the browser payload source', () => {
  const fetches: string[] = []
  let answer: unknown
  beforeEach(() => {
    fetches.length = 0
    vi.stubGlobal('window', { location: { origin: 'http://site.example' } })
    vi.stubGlobal('fetch', async (url: string) => {
      fetches.push(url)
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  it.each([
    ['http://site.example/', '/_payload.json'],
    ['http://site.example/en/tags/linux?page=2', '/en/tags/linux/_payload.json?page=2'],
    ['/d/x/', '/d/x/_payload.json'],
  ])('fetches %s at %s', (href, expected) => {
    answer = { status: 200, loaderData: {} }
    createPayloadSource(toRouterPathname(rules)).prefetch(href)
    expect(fetches).toEqual([expected])
  })

  it('answers a route its data, and a prefetched payload is not fetched again', async () => {
    answer = { status: 200, loaderData: { s: { rows: [1] } } }
    const source = createPayloadSource(toRouterPathname(rules))
    source.prefetch('/en/find?query=a')
    const data = await source.load('s', { request: new Request('http://site.example/en/find?query=a'), params: {} })
    expect(data).toEqual({ rows: [1] })
    expect(fetches).toEqual(['/en/find/_payload.json?query=a'])
  })

  it('loads the page as a document when the router asks for the root data a payload leaves out', async () => {
    answer = { status: 200, loaderData: { main: { promos: [] }, s: { rows: [] } } }
    const source = createPayloadSource(toRouterPathname(rules))
    const request = new Request('http://site.example/en/find?query=a')
    expect(await source.load('s', { request, params: {} })).toEqual({ rows: [] })
    const thrown = await source.load('root', { request, params: {} }).catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('location')).toBe('http://site.example/en/find?query=a')
    expect((thrown as Response).headers.get('x-remix-reload-document')).toBe('true')
  })

  it('turns a redirect to a visitor address into a router redirect', async () => {
    answer = { status: 301, redirect: '/en/tags/linux?x=1' }
    const source = createPayloadSource(toRouterPathname(rules))
    const thrown = await source
      .load('post', { request: new Request('http://site.example/en/post'), params: {} })
      .catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('location')).toBe('/en/res_tags/linux?x=1')
  })

  it('turns a page that is not shown by the router into a document load of its visitor address', async () => {
    answer = { status: 200, redirect: '/en/c/dev/status.json', document: true }
    const source = createPayloadSource(toRouterPathname(rules))
    const thrown = await source
      .load('c', { request: new Request('http://site.example/en/c/dev/status.json'), params: {} })
      .catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('location')).toBe('http://site.example/en/c/dev/status.json')
    expect((thrown as Response).headers.get('x-remix-reload-document')).toBe('true')
  })

  it.each([
    ['not JSON of a payload', { rows: [] }],
    ['a text status', { status: '200' }],
  ])('answers a payload that is %s as a failed fetch', async (_name, body) => {
    answer = body
    const source = createPayloadSource(toRouterPathname(rules))
    const thrown = await source
      .load('s', { request: new Request('http://site.example/s'), params: {} })
      .catch((error: unknown) => error)
    expect(thrown).toMatchObject({ init: { status: 503 }, data: { reason: 'fetch-failed' } })
  })

  it('rethrows the error of the route that threw it with its status', async () => {
    answer = { status: 404, loaderData: {}, errors: { c: { status: 404, data: { message: 'Page Not Found: /c/x' } } } }
    const source = createPayloadSource(toRouterPathname(rules))
    const thrown = await source
      .load('c', { request: new Request('http://site.example/c/x'), params: {} })
      .catch((error: unknown) => error)
    expect(thrown).toMatchObject({ init: { status: 404 }, data: { message: 'Page Not Found: /c/x' } })
  })
})
