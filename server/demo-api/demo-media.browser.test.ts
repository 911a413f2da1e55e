import { describe, expect, it } from 'vitest'
import { useBrowserSite } from '../../test/browser/use-browser-site.ts'
import { createDemoTenants } from './data/index.ts'
import { MEDIA_REF_PREFIX } from './media-path.ts'
import { createTestApi } from './demo-api.test-helper.ts'

/** Chromium on a busy machine: give page work time rather than fail. */
const POLL = { timeout: 20_000 }

/** Each demo site's language, and pages of every kind that show pictures or videos. */
const PAGES: [host: string, locale: string, paths: string[]][] = [
  ['res.localhost', 'zh-CN', ['/', '/s?query=a', '/d/libreoffice-24-8', '/res/hot', '/post', '/post/p1001', '/links']],
  ['land.localhost', 'en', ['/', '/l/campaign/spring-sale', '/post']],
  ['nav.localhost', 'zh-TW', ['/', '/post', '/links']],
]

interface MediaReport {
  images: number
  broken: string[]
  videos: number
  badVideos: string[]
}

// In a real browser, every picture and clip of the demo pages loads from the files the demo API
// serves (through /_img for raster pictures, directly for SVG and video): nothing is inline, nothing
// needs the public network.
describe('demo media in a browser', { timeout: 120_000 }, () => {
  const site = useBrowserSite()

  it.each(PAGES)('loads every image and video poster on %s', async (host, locale, paths) => {
    for (const path of paths) {
      const { page, errors } = await site.open(host, path, { locale })
      // Lazy pictures and those in closed hover cards or dialogs load only when shown: ask for all.
      await page.evaluate(() => {
        for (const image of document.querySelectorAll('img')) image.loading = 'eager'
      })
      await expect
        .poll(() => page.evaluate(() => [...document.querySelectorAll('img')].every((image) => image.complete)), POLL)
        .toBe(true)
      const report = await page.evaluate(async (): Promise<MediaReport> => {
        const images = [...document.querySelectorAll('img')]
        const broken = images.filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc || image.src)
        const load = (src: string) =>
          new Promise<number>((resolve) => {
            const probe = new Image()
            probe.onload = () => resolve(probe.naturalWidth)
            probe.onerror = () => resolve(0)
            probe.src = src
          })
        const metadata = (video: HTMLVideoElement) =>
          new Promise<number>((resolve) => {
            if (video.readyState >= 1) return resolve(video.videoWidth)
            video.addEventListener('loadedmetadata', () => resolve(video.videoWidth), { once: true })
            video.addEventListener('error', () => resolve(0), { once: true })
            video.preload = 'metadata'
            video.load()
          })
        const videos = [...document.querySelectorAll('video')]
        const badVideos: string[] = []
        for (const video of videos) {
          // The overview module's video has no poster in the upstream contract: its first frame shows.
          if (video.closest('[data-module="product_image_overview"], [data-module="product_overview"]') === null) {
            if (!video.poster) badVideos.push(`${video.currentSrc || video.src}: no poster`)
            else if ((await load(video.poster)) === 0) badVideos.push(`${video.poster}: poster does not load`)
          }
          if ((await metadata(video)) === 0) badVideos.push(`${video.currentSrc || video.src}: does not play`)
        }
        return { images: images.length, broken, videos: videos.length, badVideos }
      })
      expect(report.broken, `${host}${path}`).toEqual([])
      expect(report.badVideos, `${host}${path}`).toEqual([])
      expect(report.images, `${host}${path}`).toBeGreaterThan(0)
      if (host === 'land.localhost' && path === '/') expect(report.videos).toBeGreaterThanOrEqual(5)
      expect(errors, `${host}${path}`).toEqual([])
      await page.close()
    }
  })

  // The pictures that still carry letters (icons, avatars): every one the demo uses, drawn in
  // Chromium's own fonts, keeps its text inside its box.
  it('draws no icon or avatar text outside its picture', async () => {
    const refs = new Set(
      JSON.stringify(createDemoTenants(Date.now())).match(
        new RegExp(`${MEDIA_REF_PREFIX}(?:icon|avatar)/[^"]+`, 'g'),
      ) ?? [],
    )
    expect(refs.size).toBeGreaterThan(30)
    const api = createTestApi()
    const svgs = await Promise.all(
      [...refs].map(async (ref) =>
        (await api.fetch(new Request(`http://demo-api.test/media/${ref.slice(MEDIA_REF_PREFIX.length)}`))).text(),
      ),
    )
    const page = await site.browser().newPage()
    await page.setContent(`<body>${svgs.join('')}</body>`)
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('svg')].flatMap((svg) => {
        const [x, y, width, height] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number) as [
          number,
          number,
          number,
          number,
        ]
        const box = svg.querySelector('text')!.getBBox()
        const inside =
          box.width > 0 &&
          box.x >= x &&
          box.x + box.width <= x + width &&
          box.y >= y &&
          box.y + box.height <= y + height
        return inside
          ? []
          : [
              `${svg.querySelector('text')!.textContent}: ${JSON.stringify({ x: box.x, y: box.y, width: box.width, height: box.height })}`,
            ]
      }),
    )
    expect(overflowing).toEqual([])
    await page.close()
  })
})
