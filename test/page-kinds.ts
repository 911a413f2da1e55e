import { DEMO_PAGES, demoVisitorCookie } from './demo-pages.ts'
import { startTestSite, type TestSiteOptions } from './harness.ts'
import { DATA_SHAPES, type DataShape, realShapedUpstream } from './real-shaped-upstream.ts'

// Every page kind the product serves as HTML, rendered from the demo's data and from the same data
// shaped as real upstreams send it: what the markup validators read
// (server/render/markup-validators.process.test.ts).

/** `demo`: the demo API's own data (with hostile site code); the others: test/real-shaped-upstream.ts. */
export type Shape = 'demo' | DataShape

export interface PageCase {
  label: string
  shape: Shape
  host: string
  path: string
  /** The demo's status; other shapes may turn a page into a 404 (its data gone), never a failure. */
  status: number
  headers: Record<string, string>
}

export interface RenderedPage {
  status: number
  html: string
  shape: Shape
}

/** A phone gets the same markup (the layout is CSS); checked on each site's home and a list page. */
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const PHONE_PAGES: [host: string, path: string][] = [
  ['res.localhost', '/'],
  ['res.localhost', '/res/hot'],
  ['land.localhost', '/'],
  ['land.localhost', '/post'],
  ['nav.localhost', '/'],
  ['nav.localhost', '/sp/news'],
]

function casesOf(shape: Shape): PageCase[] {
  const pages = DEMO_PAGES.map(([host, path, status]) => ({
    label: `${shape} ${host}${path}`,
    shape,
    host,
    path,
    status,
    headers: { cookie: demoVisitorCookie(host, path) },
  }))
  const phone = PHONE_PAGES.map(([host, path]) => ({
    label: `${shape} ${host}${path} on a phone`,
    shape,
    host,
    path,
    status: 200,
    headers: { cookie: demoVisitorCookie(host, path), 'user-agent': PHONE_UA },
  }))
  return [...pages, ...phone]
}

/** Pages served without a site frame: an unknown site, a malformed address. */
const PLAIN_CASES: PageCase[] = (
  [
    ['an unknown site', 'unknown.localhost', '/', 404],
    ['a malformed address', 'res.localhost', '/%E0%A4%A', 400],
  ] as const
).map(([name, host, path, status]) => ({
  label: `plain page of ${name}`,
  shape: 'demo',
  host,
  path,
  status,
  headers: {},
}))

/** SPEC §2's startup screen: no site config could be loaded. */
const STARTUP_CASE: PageCase = {
  label: 'startup screen (no site config)',
  shape: 'demo',
  host: 'res.localhost',
  path: '/',
  status: 503,
  headers: {},
}

/** Every case, in the order `renderPageKinds` renders them. */
export const PAGE_CASES: readonly PageCase[] = [
  ...casesOf('demo'),
  ...PLAIN_CASES,
  ...DATA_SHAPES.flatMap((shape) => casesOf(shape)),
  STARTUP_CASE,
]

/** Hostile site code, too: what survives must still be valid HTML. */
const hostileSiteCode: NonNullable<TestSiteOptions['upstream']> = async (request, demo) => {
  const response = await demo(request)
  if (!request.url.endsWith('/v1/site_page/web_get')) return response
  const body = (await response.json()) as { data?: { site_config?: { seo_config: { customize_code: unknown } } } }
  if (body.data?.site_config) {
    body.data.site_config.seo_config.customize_code = {
      model: 1,
      data: [
        '<meta name="v" content="1"><noscript><img src="https://t.example/p.gif"></noscript><iframe></iframe><p>text<script>var a = "</p>"</script>',
      ],
    }
  }
  return Response.json(body)
}

function upstreamOf(shape: Shape, cases: readonly PageCase[]): NonNullable<TestSiteOptions['upstream']> {
  if (cases.includes(STARTUP_CASE)) return () => new Response('down', { status: 503 })
  return shape === 'demo' ? hostileSiteCode : realShapedUpstream(shape)
}

/** Every case rendered, by label: one test site per shape (and one whose upstream is down). */
export async function renderPageKinds(): Promise<Map<string, RenderedPage>> {
  const rendered = new Map<string, RenderedPage>()
  const groups: [Shape, PageCase[]][] = [
    ['demo', [...casesOf('demo'), ...PLAIN_CASES]],
    ...DATA_SHAPES.map((shape): [Shape, PageCase[]] => [shape, casesOf(shape)]),
    ['demo', [STARTUP_CASE]],
  ]
  for (const [shape, cases] of groups) {
    const site = await startTestSite({ upstream: upstreamOf(shape, cases) })
    try {
      for (const page of cases) {
        const response = await site.request(page.path, { host: page.host, headers: page.headers })
        rendered.set(page.label, { status: response.status, html: await response.text(), shape })
      }
    } finally {
      await site.close()
    }
  }
  return rendered
}

/** The status `page` may answer with: the demo's own, or a 404 where reshaped data is gone. */
export function allowedStatuses(page: PageCase): number[] {
  return page.shape === 'demo' ? [page.status] : [page.status, 404]
}
