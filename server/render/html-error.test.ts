import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { htmlError, htmlStartupScreen, type HtmlErrorKind } from './html-error.ts'

describe('htmlError', () => {
  it.each<[HtmlErrorKind, number, string]>([
    ['bad-host', 400, 'The Host header is not valid.'],
    ['bad-address', 400, 'The address is not valid.'],
    ['cross-origin-form', 403, 'This form can only be sent from its own page.'],
    ['unknown-site', 404, 'No website is configured for this address.'],
    ['no-such-file', 404, 'There is no such file.'],
    ['get-and-head-only', 405, 'This address only answers GET and HEAD.'],
    ['body-too-large', 413, 'The request body is too large.'],
    ['internal', 500, 'Something went wrong. Please try again in a moment.'],
  ])('%s: %i, an HTML page never stored, saying %j', async (kind, status, lead) => {
    const response = htmlError(kind)
    expect(response.status).toBe(status)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('allow')).toBe(status === 405 ? 'GET, HEAD' : null)
    const html = await response.text()
    expect(html).toMatch(/^<!DOCTYPE html>/)
    expect(html).toContain(`<p class="code">${status}</p>`)
    expect(html).toContain(`<p>${lead}</p>`)
    expect(html).toContain('<meta name="robots" content="noindex">')
  })

  it('the startup screen is a 503 with a retry hint, its script under the given nonce', async () => {
    const response = htmlStartupScreen('n"once')
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('3')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.text()).toContain('<script nonce="n&quot;once">')
  })
})

describe('the app answers its HTML errors through htmlError', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site.close())

  it.each<[string, () => Promise<Response>, HtmlErrorKind]>([
    ['a refused Host', () => site.request('/', { host: 'bad_host!' }), 'bad-host'],
    ['an unknown site', () => site.request('/', { host: 'nobody.localhost' }), 'unknown-site'],
    ['a method pages do not take', () => site.request('/', { method: 'PUT' }), 'get-and-head-only'],
  ])('%s', async (_case, send, kind) => {
    const answer = await send()
    const expected = htmlError(kind)
    expect(answer.status).toBe(expected.status)
    expect(answer.headers.get('content-type')).toBe(expected.headers.get('content-type'))
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(await answer.text()).toBe(await expected.text())
  })
})
