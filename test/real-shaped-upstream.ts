import type { TestSiteOptions } from './harness.ts'

/**
 * The demo API's answers reshaped the way real upstreams send them (docs/API.md): the demo's data is
 * tidy, and markup that is only ever fed tidy data hides what rough data makes of it. Each shape
 * rewrites every successful answer's `data` by its field names, so every page kind meets it.
 * - `sparse`: every other link without a URL (`""`), and the optional fields "not set" (`null`).
 * - `empty`: every list empty, except the frames that hold other lists (land modules, nav groups
 *   and tabs, outline entries, ranking platforms and categories) and the site's languages.
 * - `long-rtl`: every human-readable text long and Arabic (right to left), with an unbroken word.
 */
export type DataShape = 'sparse' | 'empty' | 'long-rtl'

export const DATA_SHAPES: readonly DataShape[] = ['sparse', 'empty', 'long-rtl']

/** Fields docs/API.md marks optional: a real upstream sends null or leaves them out. */
const OPTIONAL = new Set([
  'image',
  'cover',
  'icon',
  'img',
  'logo_url',
  'subtitle',
  'summary',
  'reply',
  'count',
  'rating',
  'expires_at',
  'popup_img',
  'placeholder',
  'pricing',
  'intro',
  'children',
  'poster',
  'options',
  'max_length',
])

/** Fields holding a link's address. */
const ADDRESSES = new Set(['url', 'link', 'target_url', 'img_url', 'video_url'])

/** Lists that frame other lists: emptied, they would hide the inner lists' emptiness. */
const FRAMES = new Set([
  'language_list',
  'login_ways',
  'alias_domain',
  'modules',
  'groups',
  'tabs',
  'outline',
  'platforms',
])

/** Fields a visitor reads. */
const TEXTS = new Set([
  'title',
  'name',
  'description',
  'text',
  'question',
  'answer',
  'tab_name',
  'group_name',
  'statement',
  'subtitle',
  'summary',
  'tips',
  'intro',
  'nick_name',
  'reply',
  'label',
  'submit_text',
  'result_text',
  'rss_name',
  'source',
  'app_name',
  'disclaimer',
  'publish_str',
])

const ARABIC = 'نص عربي طويل يصف هذا العنصر بتفصيل كبير لاختبار الاتجاه من اليمين إلى اليسار'
const UNBROKEN = 'كلمةطويلةجدابلامسافاتتمتدعلىعرضالصفحةكلهاولاتنكسرأبدا'.repeat(2)

/** Numbered: two items never share a name, as two landmarks named alike would not in real data. */
function longArabic(field: string, number: number): string {
  const repeat = field === 'description' || field === 'content' || field === 'answer' ? 8 : 2
  return `${number} ${Array.from({ length: repeat }, () => ARABIC).join('، ')} ${UNBROKEN}`
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

function reshape(value: Json, shape: DataShape, field: string, counter: { links: number; texts: number }): Json {
  if (Array.isArray(value)) {
    if (shape === 'empty' && field !== '' && !FRAMES.has(field)) return []
    return value.map((item) => reshape(item, shape, field, counter))
  }
  if (value === null || typeof value !== 'object') return reshapeScalar(value, shape, field, counter)
  const out: { [key: string]: Json } = {}
  for (const [key, item] of Object.entries(value)) {
    // Custom content other than markdown or an HTML fragment keeps its own: a text, script or data
    // document is no HTML page, and a whole document (`pure_html`) is the site's own markup.
    if (key === 'content' && typeof value.content_type === 'string' && !/^(html|markdown)$/.test(value.content_type)) {
      out[key] = item
      continue
    }
    out[key] = reshape(item, shape, key, counter)
  }
  return out
}

function reshapeScalar(value: Json, shape: DataShape, field: string, counter: { links: number; texts: number }): Json {
  if (typeof value !== 'string') return shape === 'sparse' && OPTIONAL.has(field) ? null : value
  if (shape === 'sparse') {
    if (ADDRESSES.has(field)) {
      counter.links += 1
      if (counter.links % 2 === 0) return ''
    }
    if (OPTIONAL.has(field)) return null
  }
  if (shape === 'long-rtl' && (TEXTS.has(field) || field === 'content')) {
    counter.texts += 1
    return longArabic(field, counter.texts)
  }
  return value
}

/** The harness's upstream (test/harness.ts) that sends the demo's answers in `shape`. */
export function realShapedUpstream(shape: DataShape): NonNullable<TestSiteOptions['upstream']> {
  // One count for every answer: texts of two answers on one page (a promo, a list) never match.
  const counter = { links: 0, texts: 0 }
  return async (request, demo) => {
    const response = await demo(request)
    if (!response.headers.get('content-type')?.includes('application/json')) return response
    const body = (await response.json()) as { status?: number; data?: Json }
    if (body.status !== 0 || body.data === undefined) return Response.json(body, { status: response.status })
    return Response.json({ ...body, data: reshape(body.data, shape, '', counter) }, { status: response.status })
  }
}
