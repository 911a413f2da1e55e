import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { MEDIA_CATALOG } from './media/catalog.ts'
import { DEFAULT_MEDIA_DIR } from './media-route.ts'
import { createTestApi } from './demo-api.test-helper.ts'

const ORIGIN = 'http://demo-api.test'
const api = createTestApi()
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  Promise.resolve(api.fetch(new Request(`${ORIGIN}/media/${path}`, { method, headers })))

const TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', webm: 'video/webm' }

describe('the demo API’s media files', () => {
  it.each(Object.entries(MEDIA_CATALOG))(
    'serves %s with its type, its bytes and immutable caching',
    async (_key, entry) => {
      const response = await get(entry.file)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(TYPES[entry.file.split('.').at(-1)!])
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      const body = Buffer.from(await response.arrayBuffer())
      expect(body.equals(readFileSync(path.join(DEFAULT_MEDIA_DIR, entry.file)))).toBe(true)
      // The name carries the content: a changed file gets a new address.
      expect(entry.file).toMatch(/\.[0-9a-f]{10}\.(webp|png|webm)$/)
      if (!entry.file.endsWith('.webm')) {
        const { width, height } = await sharp(body).metadata()
        expect({ width, height }).toEqual({ width: entry.width, height: entry.height })
      }
    },
  )

  it('keeps the media small: the clips a few hundred KB at most, everything well under 1.5 MB', () => {
    const sizes = Object.values(MEDIA_CATALOG).map((entry) => ({
      file: entry.file,
      bytes: readFileSync(path.join(DEFAULT_MEDIA_DIR, entry.file)).byteLength,
    }))
    for (const { file, bytes } of sizes) expect(bytes, file).toBeLessThan(file.endsWith('.webm') ? 300_000 : 150_000)
    expect(sizes.reduce((sum, { bytes }) => sum + bytes, 0)).toBeLessThan(1_000_000)
  })

  it('answers byte ranges of a clip (video players seek with them) and HEAD without a body', async () => {
    const clip = MEDIA_CATALOG['clip-0'].file
    const size = readFileSync(path.join(DEFAULT_MEDIA_DIR, clip)).byteLength
    const part = await get(clip, { range: 'bytes=0-99' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${size}`)
    expect((await part.arrayBuffer()).byteLength).toBe(100)
    const head = await get(clip, {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(size))
    expect(await head.text()).toBe('')
  })

  it('draws icons, avatars and QR squares as inert SVG with an ETag, and answers 304 when it matches', async () => {
    const response = await get(`icon/2563eb/64/${encodeURIComponent('拾')}.svg`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toContain('sandbox')
    const svg = await response.text()
    expect(svg).toContain('fill="#2563eb"')
    expect(svg).toContain('>拾</text>')
    const etag = response.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await get(`icon/2563eb/64/${encodeURIComponent('拾')}.svg`, { 'if-none-match': `W/"other", ${etag}` })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect((await get('avatar/Maya.svg')).status).toBe(200)
    expect((await get('qr/res-group.svg')).status).toBe(200)
  })

  it('escapes a hostile text instead of drawing markup', async () => {
    const svg = await (await get(`avatar/${encodeURIComponent('<script>alert(1)</script>')}.svg`)).text()
    expect(svg).not.toContain('<script')
    expect(svg).toContain('&#60;')
    const icon = await (await get(`icon/111827/64/${encodeURIComponent('<&')}.svg`)).text()
    expect(icon).toContain('&#60;&#38;</text>')
  })

  it.each([
    '../package.json',
    '..%2fapp.ts',
    'catalog.ts',
    'make-demo-media.mjs',
    'nothing.webp',
    'icon/zzzzzz/64/A.svg',
    'avatar/%E0%A4%A.svg',
    '',
  ])('answers 404 to /media/%s', async (path) => {
    const response = await get(path)
    expect(response.status).toBe(404)
    expect(await response.text()).not.toMatch(/tenant-sites|MEDIA_CATALOG|import /)
  })
})
