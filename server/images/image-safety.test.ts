import { lookup } from 'node:dns/promises'
import type { LookupAddress } from 'node:dns'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { createPinnedAgent } from './fetch-source.ts'
import { photo, pngBomb, serve, startLoopbackServer, type LoopbackServer } from './image-fixtures.test-helper.ts'

/** Looks public to the address check; the injected pinned transport takes it to the loopback "public" server. */
const FAKE_PUBLIC = '93.184.216.34'
const FIFTY_MB = 50 * 1024 * 1024

// Hostile sources, each refused. The canary server must never see a connection: a refused source
// is refused before anything is sent.
describe('image endpoint against hostile sources', () => {
  let canary: LoopbackServer
  let outside: LoopbackServer
  let allowed: LoopbackServer
  let site: TestSite
  let bigBodyBytesSent = 0
  let rebindLookups = 0

  beforeAll(async () => {
    canary = await startLoopbackServer({})
    const image = await photo(64, 64)
    outside = await startLoopbackServer({
      '/ok.png': serve(image, 'image/png'),
      '/to-loopback': (_request, response) =>
        response.writeHead(302, { location: `http://127.0.0.1:${canary.port}/secret.png` }).end(),
      '/to-mapped': (_request, response) =>
        response.writeHead(301, { location: `http://[::ffff:127.0.0.1]:${canary.port}/secret.png` }).end(),
      '/to-localhost': (_request, response) =>
        response.writeHead(307, { location: `http://localhost:${canary.port}/secret.png` }).end(),
      '/to-file': (_request, response) => response.writeHead(302, { location: 'file:///etc/passwd' }).end(),
      '/loop': (_request, response) => response.writeHead(302, { location: '/loop' }).end(),
      '/logo.svg': serve('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'),
    })
    allowed = await startLoopbackServer({
      '/big.png': (_request, response) => {
        // 50 MB announced as a PNG, streamed without Content-Length until the reader gives up.
        response.writeHead(200, { 'content-type': 'image/png' })
        const chunk = Buffer.alloc(64 * 1024, 1)
        chunk.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        const pump = () => {
          while (bigBodyBytesSent < FIFTY_MB) {
            bigBodyBytesSent += chunk.length
            if (!response.write(chunk)) return void response.once('drain', pump)
          }
          response.end()
        }
        pump()
      },
      '/big-declared.png': (_request, response) => {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(FIFTY_MB) })
        response.write(Buffer.alloc(1024))
      },
      '/bomb.png': serve(pngBomb(20000, 20000), 'image/png'),
      '/page.png': serve('<!doctype html><html><body><h1>Not an image</h1></body></html>', 'image/png'),
      '/garbage.jpg': serve(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500, 7)]), 'image/jpeg'),
      '/slow.png': () => {},
    })
    const resolve = async (hostname: string): Promise<LookupAddress[]> => {
      if (hostname === 'rebind.public.test') {
        rebindLookups += 1
        return [{ address: rebindLookups === 1 ? FAKE_PUBLIC : '127.0.0.1', family: 4 }]
      }
      if (hostname.endsWith('.public.test')) return [{ address: FAKE_PUBLIC, family: 4 }]
      if (hostname === 'mixed.test')
        return [
          { address: FAKE_PUBLIC, family: 4 },
          { address: '10.0.0.7', family: 4 },
        ]
      return lookup(hostname, { all: true, verbatim: true })
    }
    site = await startTestSite({
      images: {
        allowedOrigins: [allowed.url],
        timeoutMs: 1500,
        // The cap, not its default size, is under test: 15 MiB over loopback can outlast the
        // deadline on a loaded machine (a 504 where the cap answers 502).
        maxSourceBytes: 1024 * 1024,
        fetcher: {
          resolve,
          pinnedDispatcher: (address) =>
            createPinnedAgent(address.address === FAKE_PUBLIC ? { address: '127.0.0.1', family: 4 } : address),
        },
      },
    })
  })
  afterAll(async () => {
    await site?.close()
    await Promise.all([canary?.close(), outside?.close(), allowed?.close()])
  })

  const get = (source: string, preset = 'thumbnail') =>
    site.request(`/_img/${preset}?url=${encodeURIComponent(source)}`, { headers: { accept: 'image/webp' } })
  const publicUrl = (path: string) => `http://img.public.test:${outside.port}${path}`

  it('fetches a public-looking host through the pinned address (the fixture works)', async () => {
    const response = await get(publicUrl('/ok.png'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
  })

  it.each([
    ['file:///etc/passwd', 400],
    ['javascript:alert(1)', 400],
    ['data:image/png;base64,iVBORw0KGgo=', 400],
    ['ftp://127.0.0.1/a.png', 400],
    ['http://user:secret@img.public.test/a.png', 400],
  ])('refuses the scheme or form of %s', async (source, status) => {
    const response = await get(source)
    expect(response.status).toBe(status)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it.each([
    (port: number) => `http://127.0.0.1:${port}/secret.png`,
    (port: number) => `http://[::1]:${port}/secret.png`,
    (port: number) => `http://localhost:${port}/secret.png`,
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/secret.png`,
    (port: number) => `http://[::ffff:7f00:1]:${port}/secret.png`,
    (port: number) => `http://2130706433:${port}/secret.png`,
    (port: number) => `http://0x7f.1:${port}/secret.png`,
    () => 'http://169.254.169.254/latest/meta-data/',
    () => 'http://[fd00::1]/a.png',
    () => 'http://10.0.0.1/a.png',
    () => 'http://0.0.0.0/a.png',
    () => 'http://mixed.test/a.png',
  ])('refuses a private or loopback target (%#) without contacting it', async (source) => {
    const response = await get(source(canary.port))
    expect(response.status).toBe(403)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(canary.connections()).toBe(0)
  })

  it.each(['/to-loopback', '/to-mapped', '/to-localhost'])(
    'refuses a public host whose redirect %s leads to loopback',
    async (path) => {
      const response = await get(publicUrl(path))
      expect(response.status).toBe(403)
      expect(outside.hits.get(path)).toBe(1)
      expect(canary.connections()).toBe(0)
    },
  )

  it('refuses a redirect to another scheme, and a redirect loop after 3 hops', async () => {
    expect((await get(publicUrl('/to-file'))).status).toBe(403)
    const loop = await get(publicUrl('/loop'))
    expect(loop.status).toBe(502)
    expect(outside.hits.get('/loop')).toBe(4)
  })

  it('connects to the address it checked, not to a second DNS answer (rebinding)', async () => {
    const response = await get(`http://rebind.public.test:${outside.port}/ok.png`)
    expect(response.status).toBe(200)
    expect(rebindLookups).toBe(1)
    expect(canary.connections()).toBe(0)
  })

  it('stops reading a 50 MB body past the byte cap', async () => {
    const response = await get(`${allowed.url}/big.png`)
    expect(response.status).toBe(502)
    expect(await response.text()).toBe('Image source could not be used')
    expect(bigBodyBytesSent).toBeLessThan(FIFTY_MB)
  })

  it('refuses a declared 50 MB body without reading it', async () => {
    const response = await get(`${allowed.url}/big-declared.png`)
    expect(response.status).toBe(502)
  })

  it('refuses a 20000×20000 PNG (decompression bomb) before decoding it', async () => {
    const response = await get(`${allowed.url}/bomb.png`, 'cover')
    expect(response.status).toBe(502)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('refuses an HTML body sent as image/png, and a corrupt JPEG', async () => {
    const html = await get(`${allowed.url}/page.png`)
    expect(html.status).toBe(415)
    expect(await html.text()).toBe('Image source is not a supported image')
    expect((await get(`${allowed.url}/garbage.jpg`)).status).toBe(502)
  })

  it('never passes through or rasterises SVG from a host that is not allowed', async () => {
    const response = await get(publicUrl('/logo.svg'))
    expect(response.status).toBe(415)
    expect(await response.text()).not.toContain('<svg')
  })

  it('gives up on a source that does not answer within the deadline', async () => {
    const response = await get(`${allowed.url}/slow.png`)
    expect(response.status).toBe(504)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })
})
