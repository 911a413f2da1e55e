import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import {
  startPictureServer,
  withPictures,
  withRemotePictures,
  type LoopbackServer,
} from './image-fixtures.test-helper.ts'

const mainOf = (html: string) => /<main[^>]*>[\s\S]*<\/main>/.exec(html)?.[0] ?? ''
const imgTags = (html: string) => html.match(/<img [^>]*>/g) ?? []
const attr = (tag: string, name: string) =>
  /* entities as React writes them */ new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll('&amp;', '&')

// Pages render their remote pictures through the endpoint: presets, srcset, sizes, explicit size,
// priority and placeholder; with the endpoint off they keep the original addresses.
describe('content images on pages', () => {
  let pictures: LoopbackServer
  let on: TestSite
  let off: TestSite
  beforeAll(async () => {
    pictures = await startPictureServer()
    const upstream = withRemotePictures(pictures.url)
    ;[on, off] = await Promise.all([
      startTestSite({ upstream, images: { allowedOrigins: [pictures.url] } }),
      startTestSite({ upstream, images: false }),
    ])
  })
  afterAll(async () => {
    await Promise.all([on?.close(), off?.close()])
    await pictures?.close()
  })

  it('gives the detail image the cover preset in 1x/2x widths, its size, high priority and a placeholder', async () => {
    const html = await (await on.request('/d/libreoffice-24-8')).text()
    const image = imgTags(mainOf(html)).find((tag) => tag.includes('res-detail__image'))
    expect(image).toBeDefined()
    const tag = image as string
    const source = new URL(attr(tag, 'src') ?? '', 'http://x').searchParams.get('url') ?? ''
    expect(source).toMatch(new RegExp(`^${pictures.url}/pictures/\\d+\\.png$`))
    const encoded = encodeURIComponent(source)
    expect(attr(tag, 'src')).toBe(`/_img/cover?url=${encoded}&dpr=1`)
    expect(attr(tag, 'srcSet') ?? attr(tag, 'srcset')).toBe(
      `/_img/cover?url=${encoded}&dpr=1 640w, /_img/cover?url=${encoded}&dpr=2 1280w`,
    )
    expect(attr(tag, 'sizes')).toBe('(max-width: 700px) 100vw, 640px')
    expect([attr(tag, 'width'), attr(tag, 'height')]).toEqual(['640', '360'])
    expect(attr(tag, 'fetchPriority') ?? attr(tag, 'fetchpriority')).toBe('high')
    expect(attr(tag, 'loading')).toBeUndefined()
    expect(attr(tag, 'style')).toContain(`background-image:url(&quot;/_img/placeholder?url=${encoded}&quot;)`)
  })

  it('makes the recommended cards lazy thumbnails', async () => {
    const html = await (await on.request('/d/libreoffice-24-8')).text()
    // The recommended section alone: a visitor's render streams the resource aside (with images of
    // its own) after the shell, so what follows the section in the body is not the cards.
    const main = mainOf(html)
    const start = main.indexOf('res-detail__recommend')
    const cards = imgTags(main.slice(start, main.indexOf('</section>', start)))
    expect(cards.length).toBeGreaterThan(0)
    for (const tag of cards) {
      expect(attr(tag, 'src')).toMatch(/^\/_img\/thumbnail\?url=[^&]+&dpr=1$/)
      expect(attr(tag, 'srcSet') ?? attr(tag, 'srcset')).toMatch(/ 320w, \/_img\/thumbnail\?url=[^&]+&dpr=2 640w$/)
      expect([attr(tag, 'loading'), attr(tag, 'decoding'), attr(tag, 'width'), attr(tag, 'height')]).toEqual([
        'lazy',
        'async',
        '320',
        '180',
      ])
      expect(attr(tag, 'fetchPriority') ?? attr(tag, 'fetchpriority')).toBeUndefined()
    }
  })

  it('loads the first row of a list at once and the rest lazily', async () => {
    const tags = imgTags(mainOf(await (await on.request('/res/new')).text())).filter((tag) =>
      tag.includes('/_img/thumbnail'),
    )
    expect(tags.length).toBeGreaterThan(4)
    expect(tags.map((tag) => attr(tag, 'loading') ?? 'eager')).toEqual(
      tags.map((_tag, index) => (index < 4 ? 'eager' : 'lazy')),
    )
  })

  it('loads the first cards of the home page and the first article covers at once, the first with high priority', async () => {
    const home = mainOf(await (await on.request('/')).text())
    const hot = imgTags(home.slice(home.indexOf('id="home-hot"'), home.indexOf('id="home-new"')))
    const newest = imgTags(home.slice(home.indexOf('id="home-new"')))
    expect(hot.length).toBeGreaterThan(2)
    expect(newest.length).toBeGreaterThan(0)
    expect(hot.map((tag) => attr(tag, 'loading') ?? 'eager')).toEqual(
      hot.map((_tag, index) => (index < 2 ? 'eager' : 'lazy')),
    )
    expect(hot.map((tag) => attr(tag, 'fetchPriority') ?? attr(tag, 'fetchpriority') ?? 'auto')).toEqual(
      hot.map((_tag, index) => (index === 0 ? 'high' : 'auto')),
    )
    // A list further down the page waits until it is scrolled to.
    expect(newest.every((tag) => attr(tag, 'loading') === 'lazy')).toBe(true)
    const covers = imgTags(mainOf(await (await on.request('/articles')).text())).filter((tag) =>
      tag.includes('/_img/thumbnail'),
    )
    expect(covers.length).toBeGreaterThan(2)
    expect(covers.map((tag) => attr(tag, 'loading') ?? 'eager')).toEqual(
      covers.map((_tag, index) => (index < 2 ? 'eager' : 'lazy')),
    )
  })

  it('serves what the page points at: the preset webp at the size the srcset claims', async () => {
    const html = await (await on.request('/d/libreoffice-24-8')).text()
    const tag = imgTags(html).find((candidate) => candidate.includes('res-detail__image')) as string
    const src = attr(tag, 'src') as string
    for (const [path, width] of [
      [src, 640],
      [src.replace('dpr=1', 'dpr=2'), 1200],
    ] as const) {
      const response = await on.request(path, { headers: { accept: 'image/webp,*/*' } })
      expect(response.headers.get('content-type')).toBe('image/webp')
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(width)
    }
  })

  it('tells the browser the endpoint is on through the public site data', async () => {
    expect(await (await on.request('/d/libreoffice-24-8')).text()).toContain('"imageOptimizer":true')
    expect(await (await off.request('/d/libreoffice-24-8')).text()).toContain('"imageOptimizer":false')
  })

  it('keeps the original addresses when the endpoint is off', async () => {
    const html = mainOf(await (await off.request('/d/libreoffice-24-8')).text())
    const tags = imgTags(html)
    expect(tags.length).toBeGreaterThan(1)
    for (const tag of tags) {
      expect(attr(tag, 'src')).toMatch(new RegExp(`^${pictures.url}/pictures/\\d+\\.png$`))
      expect(tag).not.toMatch(/srcset|style=/i)
    }
  })

  it.each([
    ['res.localhost', '/'],
    ['res.localhost', '/s?query=linux'],
    ['res.localhost', '/tags/open-source'],
    ['res.localhost', '/articles'],
    ['res.localhost', '/post-search-tips'],
    ['land.localhost', '/'],
    ['nav.localhost', '/'],
  ])('sends every remote picture of %s%s through the endpoint, with its size', async (host, path) => {
    const response = await on.request(path, {
      host,
      headers: { 'accept-language': { 'res.localhost': 'zh', 'nav.localhost': 'zh-TW' }[host] ?? 'en' },
    })
    expect(response.status).toBe(200)
    const tags = imgTags(await response.text())
    expect(tags.length).toBeGreaterThan(0)
    for (const tag of tags) {
      expect(attr(tag, 'src')).toMatch(
        /^\/_img\/(avatar|thumbnail|cover)\?url=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fpictures%2F\d+\.png&dpr=1$/,
      )
      expect(attr(tag, 'width')).toMatch(/^\d+$/)
      expect(attr(tag, 'height')).toMatch(/^\d+$/)
    }
  })

  it('gives the landing banner image high priority, avatars and icons the avatar preset', async () => {
    const html = await (await on.request('/', { host: 'land.localhost', headers: { 'accept-language': 'en' } })).text()
    const tags = imgTags(html)
    const banner = tags.filter((tag) => tag.includes('land-media'))
    expect(banner).toHaveLength(1)
    expect(attr(banner[0] as string, 'src')).toMatch(/^\/_img\/cover\?/)
    expect(attr(banner[0] as string, 'fetchPriority')).toBe('high')
    expect(tags.filter((tag) => attr(tag, 'fetchPriority') === 'high')).toHaveLength(1)
    // Icons and avatars of the page content (the header logo is outside <main>).
    const small = imgTags(mainOf(html)).filter((tag) => Number(attr(tag, 'width')) <= 48)
    expect(small.length).toBeGreaterThan(0)
    expect(small.filter((tag) => !attr(tag, 'src')?.startsWith('/_img/avatar?'))).toEqual([])
  })

  it('keeps inline pictures as they are', async () => {
    const plain = await startTestSite({ upstream: withPictures((n) => `data:image/png;base64,iVBORw0KGgo${n}=`) })
    try {
      const tags = imgTags(mainOf(await (await plain.request('/d/libreoffice-24-8')).text()))
      expect(tags.length).toBeGreaterThan(0)
      for (const tag of tags) expect(attr(tag, 'src')).toMatch(/^data:image\//)
    } finally {
      await plain.close()
    }
  })
})
