import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { photo, serve, startLoopbackServer, transparentPng, type LoopbackServer } from './image-fixtures.test-helper.ts'

// The endpoint through the real app against a loopback image server (an allowed origin).
describe('image endpoint', () => {
  let images: LoopbackServer
  let site: TestSite
  beforeAll(async () => {
    const [wide, jpeg, small, alpha, tiny] = await Promise.all([
      photo(1000, 500),
      photo(1000, 500, 'jpeg'),
      photo(200, 100),
      transparentPng(400, 200),
      photo(50, 30),
    ])
    images = await startLoopbackServer({
      '/wide.png': serve(wide, 'image/png'),
      '/wide.jpg': serve(jpeg, 'image/jpeg'),
      '/small.png': serve(small, 'image/png'),
      '/alpha.png': serve(alpha, 'image/png'),
      '/tiny.png': serve(tiny, 'image/png'),
      '/photo.3f9a1c2b7d.png': serve(wide, 'image/png'),
      '/concurrent.png': serve(wide, 'image/png'),
      '/pair.png': serve(wide, 'image/png'),
      '/cached.png': serve(wide, 'image/png'),
      '/key.png': serve(wide, 'image/png'),
      '/icon.svg': serve(
        '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script></svg>',
        'image/svg+xml',
      ),
    })
    site = await startTestSite({ images: { allowedOrigins: [images.url] } })
  })
  afterAll(async () => {
    await site?.close()
    await images?.close()
  })

  const WEBP = 'image/webp,image/*,*/*;q=0.8'
  const get = (preset: string, source: string, query = '', accept = WEBP) =>
    site.request(`/_img/${preset}?url=${encodeURIComponent(source)}${query}`, { headers: { accept } })
  async function dimensions(response: Response) {
    expect(response.status).toBe(200)
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    return { format: meta.format, width: meta.width, height: meta.height }
  }

  it.each([
    ['thumbnail', '/wide.png', '', { width: 320, height: 160 }],
    ['thumbnail', '/wide.png', '&dpr=2', { width: 640, height: 320 }],
    ['cover', '/wide.jpg', '&dpr=1', { width: 640, height: 320 }],
    ['cover', '/wide.png', '&dpr=2', { width: 1000, height: 500 }],
    ['avatar', '/wide.png', '', { width: 80, height: 80 }],
    ['avatar', '/wide.png', '&dpr=2', { width: 160, height: 160 }],
    ['placeholder', '/wide.png', '', { width: 10, height: 10 }],
    ['thumbnail', '/small.png', '&dpr=2', { width: 200, height: 100 }],
    ['avatar', '/tiny.png', '&dpr=2', { width: 30, height: 30 }],
  ])('%s of %s%s is a webp of the preset size, never enlarged', async (preset, path, query, size) => {
    const response = await get(preset, images.url + path, query)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('vary')).toBe('Accept')
    expect(await dimensions(response)).toEqual({ format: 'webp', ...size })
  })

  it('keeps the placeholder tiny', async () => {
    const response = await get('placeholder', `${images.url}/wide.png`)
    expect((await response.arrayBuffer()).byteLength).toBeLessThan(400)
  })

  it('answers AVIF to browsers that accept it only when it is smaller than WebP', async () => {
    const source = `${images.url}/wide.png`
    const webp = await get('cover', source, '', WEBP)
    const negotiated = await get('cover', source, '', 'image/avif,image/webp,*/*')
    const type = negotiated.headers.get('content-type')
    expect(['image/avif', 'image/webp']).toContain(type)
    expect(negotiated.headers.get('vary')).toBe('Accept')
    const [webpBytes, negotiatedBytes] = [
      (await webp.arrayBuffer()).byteLength,
      (await negotiated.arrayBuffer()).byteLength,
    ]
    expect(negotiatedBytes).toBeLessThanOrEqual(webpBytes)
    if (type === 'image/webp') expect(negotiatedBytes).toBe(webpBytes)
  })

  it('answers JPEG, or PNG for transparent images, to browsers without WebP', async () => {
    expect(
      await dimensions(await get('thumbnail', `${images.url}/wide.png`, '', 'image/png,image/*;q=0.8')),
    ).toMatchObject({ format: 'jpeg', width: 320 })
    expect(await dimensions(await get('thumbnail', `${images.url}/alpha.png`, '', '*/*'))).toMatchObject({
      format: 'png',
      width: 320,
    })
    expect(
      await dimensions(await get('thumbnail', `${images.url}/wide.png`, '', 'image/avif;q=0,image/webp;q=0')),
    ).toMatchObject({ format: 'jpeg' })
    expect(await dimensions(await get('placeholder', `${images.url}/wide.png`, '', 'image/png,*/*'))).toEqual({
      format: 'jpeg',
      width: 10,
      height: 10,
    })
  })

  it('marks answers for content-hashed sources immutable, others revalidated with stale-while-revalidate', async () => {
    const hashed = await get('thumbnail', `${images.url}/photo.3f9a1c2b7d.png`)
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const plain = await get('thumbnail', `${images.url}/wide.png`)
    expect(plain.headers.get('cache-control')).toMatch(
      /^public, max-age=\d+, s-maxage=\d{7,}, stale-while-revalidate=\d+$/,
    )
  })

  it('serves a repeated request from the cache without fetching the source again, and honours If-None-Match', async () => {
    const source = `${images.url}/cached.png`
    const first = await get('cover', source)
    const second = await get('cover', source)
    expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()))
    expect(images.hits.get('/cached.png')).toBe(1)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^".+"$/)
    const revalidated = await site.request(`/_img/cover?url=${encodeURIComponent(source)}`, {
      headers: { accept: WEBP, 'if-none-match': etag ?? '' },
    })
    expect(revalidated.status).toBe(304)
    expect(images.hits.get('/cached.png')).toBe(1)
  })

  it('makes one fetch and one encode for concurrent requests of one variant, and shares the fetch across variants', async () => {
    const source = `${images.url}/concurrent.png`
    const responses = await Promise.all(Array.from({ length: 6 }, () => get('thumbnail', source, '&dpr=2')))
    const bodies = await Promise.all(
      responses.map(async (response) => Buffer.from(await response.arrayBuffer()).toString('base64')),
    )
    expect(new Set(bodies).size).toBe(1)
    expect(images.hits.get('/concurrent.png')).toBe(1)

    const pair = await Promise.all([
      get('cover', `${images.url}/pair.png`),
      get('placeholder', `${images.url}/pair.png`),
    ])
    expect(pair.map((response) => response.status)).toEqual([200, 200])
    expect(images.hits.get('/pair.png')).toBe(1)
  })

  it('keys the cache by source, preset, density and format class only', async () => {
    const source = encodeURIComponent(`${images.url}/key.png`)
    const asks: [string, string][] = [
      [`/_img/thumbnail?url=${source}&dpr=1`, 'image/webp,*/*'],
      [`/_img/thumbnail?dpr=1&url=${source}`, 'image/webp;q=0.9,image/png'],
      [`/_img/thumbnail?url=${source}`, 'text/html,image/webp'],
    ]
    for (const [path, accept] of asks) {
      const response = await site.request(path, {
        host: 'res.localhost',
        headers: { accept, 'user-agent': `agent ${accept}`, cookie: `x=${accept.length}` },
      })
      expect(response.status).toBe(200)
    }
    expect(images.hits.get('/key.png')).toBe(1)
    await get('thumbnail', `${images.url}/key.png`, '&dpr=2')
    await get('cover', `${images.url}/key.png`)
    await get('thumbnail', `${images.url}/key.png`, '', '*/*')
    expect(images.hits.get('/key.png')).toBe(4)
  })

  it('does not depend on the site: answered for any Host, before tenant resolution', async () => {
    const response = await site.request(`/_img/avatar?url=${encodeURIComponent(`${images.url}/small.png`)}`, {
      host: 'no-such-site.example',
      headers: { accept: WEBP },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
  })

  it('answers HEAD with the headers and no body', async () => {
    const response = await site.request(`/_img/thumbnail?url=${encodeURIComponent(`${images.url}/small.png`)}`, {
      method: 'HEAD',
      headers: { accept: WEBP },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(await response.text()).toBe('')
  })

  it('passes SVG from an allowed origin through untouched, sandboxed', async () => {
    const response = await get('thumbnail', `${images.url}/icon.svg`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none';/)
    expect(await response.text()).toContain('<svg')
  })

  it.each([
    ['/_img/huge?url=http%3A%2F%2Fx.test%2Fa.png', 404],
    ['/_img/cover', 400],
    ['/_img/cover?url=', 400],
    ['/_img/cover?url=%2Frelative.png', 400],
    ['/_img/cover?url=http%3A%2F%2Fx.test%2Fa.png&dpr=3', 400],
    ['/_img/cover?url=http%3A%2F%2Fx.test%2Fa.png&dpr=1&dpr=2', 400],
    ['/_img/cover?url=http%3A%2F%2Fx.test%2Fa.png&w=5000', 400],
    ['/_img/cover?url=a&url=b', 400],
  ])('answers %s with a short %i and no-store', async (path, status) => {
    const response = await site.request(path)
    expect(response.status).toBe(status)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const text = await response.text()
    expect(text.length).toBeLessThan(80)
    expect(text).not.toMatch(/x\.test|Error|at /)
  })

  it('answers 404 with no-store when the source is missing', async () => {
    const missing = await get('cover', `${images.url}/nope.png`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('no-store')
  })
})

describe('image endpoint turned off', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite({ images: false })
  })
  afterAll(() => site?.close())

  it('is not served: the address is an ordinary (missing) page', async () => {
    const response = await site.request('/_img/cover?url=http%3A%2F%2Fx.test%2Fa.png')
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.status).toBe(404)
  })
})
