import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { NONCE_LENGTH, securityPolicy } from '../middleware/security-headers.ts'
import { answerPage, pageResponse, toCachedPage, toPageSnapshot, toSnapshot, type CachedPage } from './cached-page.ts'
import { gzipSize, SPARE_BODIES } from './gzip-segments.ts'

const html = '<!DOCTYPE html><html><head><script nonce="N1">boot()</script></head><body>' + '<p>text</p>'.repeat(200) + '<script nonce="N1">go()</script></body></html>'

async function page(body: string, nonce?: string) {
  const response = new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'lang=en', 'content-length': '1', vary: 'Cookie' } })
  return toCachedPage(toSnapshot(response, Buffer.from(body), { nonce, routeName: 'res-hot' }, 0))
}

/** A full answer (no If-None-Match) of `page` as a web Response. */
function servePage(cached: CachedPage, options: { method: 'GET' | 'HEAD'; acceptEncoding: string | undefined; nonce: string | undefined }): Response {
  const request = { ...options, nonce: options.nonce ?? '', ifNoneMatch: undefined, requestId: 'r1', age: 0 }
  return pageResponse(answerPage(cached, request, securityPolicy({ hsts: false })))
}

describe('answerPage', () => {
  it.each([
    ['br, gzip', 'br'],
    // Browsers list gzip first; among equals the smaller brotli wins.
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['identity', null],
    [undefined, null],
    ['gzip;q=0, br;q=0', null],
  ])('Accept-Encoding %j → %s, decoding to the same page', async (accept, expected) => {
    const cached = await page(html)
    const response = servePage(cached, { method: 'GET', acceptEncoding: accept, nonce: undefined })
    expect(response.headers.get('content-encoding')).toBe(expected)
    const body = Buffer.from(await response.arrayBuffer())
    expect(response.headers.get('content-length')).toBe(String(body.length))
    const decoded = expected === 'br' ? brotliDecompressSync(body) : expected === 'gzip' ? gunzipSync(body) : body
    expect(decoded.toString()).toBe(html)
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Encoding')
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it.each(['gzip', 'identity', 'br, gzip'])('fills a fresh nonce per response (%s), without brotli for such pages', async (accept) => {
    const cached = await page(html, 'N1')
    expect(cached.br).toBeNull()
    for (const nonce of ['fresh-one', 'another+nonce/==']) {
      const response = servePage(cached, { method: 'GET', acceptEncoding: accept, nonce })
      const body = Buffer.from(await response.arrayBuffer())
      const text = (response.headers.get('content-encoding') === 'gzip' ? gunzipSync(body) : body).toString()
      expect(text).toBe(html.replaceAll('N1', nonce))
    }
  })

  it('answers HEAD with the headers of the chosen variant and no body', async () => {
    const response = servePage(await page(html), { method: 'HEAD', acceptEncoding: 'gzip', nonce: undefined })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0)
    expect(await response.text()).toBe('')
  })
})

describe('toCachedPage', () => {
  /** Every distinct memory block a page's buffers keep alive, in bytes. */
  function heldBytes(page: Awaited<ReturnType<typeof toCachedPage>>): number {
    const blocks = new Set<ArrayBufferLike>([...page.segments, ...page.gzip.blocks, ...(page.br ? [page.br] : [])].map((part) => part.buffer))
    let total = 0
    for (const block of blocks) total += block.byteLength
    return total
  }

  it.each([
    ['with nonce segments (short texts, short deflate runs)', 'N1'],
    ['without a nonce (short brotli result)', undefined],
  ])('holds no more memory than the size it reports, %s', async (_label, nonce) => {
    const cached = await page(html, nonce)
    const parts = [...cached.segments, ...cached.gzip.blocks, ...(cached.br ? [cached.br] : [])]
    const partBytes = parts.reduce((sum, part) => sum + part.length, 0)
    expect(heldBytes(cached)).toBe(partBytes)
    // Plus room for the gzip bodies kept for reuse (see gzip-segments.ts).
    const spares = SPARE_BODIES * gzipSize(cached.gzip, NONCE_LENGTH)
    expect(cached.size).toBeGreaterThanOrEqual(partBytes + spares)
    expect(cached.size).toBeLessThan(partBytes + spares + 200)
  })
})

describe('the entity tag of a kept page', () => {
  it('leaves the nonce out, survives the shared store, and follows the content', async () => {
    const kept = await page(html, 'N1')
    // Rendered with another nonce, the same page has the same tag.
    expect((await page(html.replaceAll('N1', 'N2'), 'N2')).etag).toBe(kept.etag)
    // Another instance reads the page from the shared store (a snapshot) and tags it alike.
    expect((await toCachedPage(JSON.parse(JSON.stringify(toPageSnapshot(kept))))).etag).toBe(kept.etag)
    expect((await page(html.replace('go()', 'stay()'), 'N1')).etag).not.toBe(kept.etag)
    const response = servePage(kept, { method: 'GET', acceptEncoding: 'gzip', nonce: 'fresh' })
    expect(response.headers.get('etag')).toBe(kept.etag)
  })
})
