import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DEMO_CALL_PATHS } from './app.ts'
import { DEMO_ACCOUNT } from './data/index.ts'
import { callApi, createTestApi, fakeGoogleToken } from './demo-api.test-helper.ts'

/** Every call of API.md, both tables. */
const API_PATHS = [
  '/v1/site_admin/show_path/get',
  '/v1/site_page/get',
  '/v1/site_page/web_get',
  '/v1/site_page/list',
  '/v1/site_page/group/get',
  '/v1/site_page/rss/list',
  '/v1/site_page/rss/list_hot',
  '/v1/site_page/rss/new_list_hot',
  '/v1/rss_page_add_hot',
  '/v1/site_surprise/web_get',
  '/v1/user/login',
  '/v1/user/register',
  '/v1/send_email',
  '/v1/user/update_password',
  '/v1/third_party_login',
  '/v1/resource/search',
  '/v1/resource/detail',
  '/v1/resource/list',
  '/v1/resource/rank',
  '/v1/resource/tags',
  '/v1/resource/aside',
  '/v1/local_resource_save',
  '/v1/post/list',
  '/v1/post/get',
  '/v1/post/category/list',
  '/v1/post/create',
  '/v1/feedback/list',
  '/v1/feedback/submit',
  '/v1/links/get',
]

const paged = z.object({ rows: z.array(z.object({}).loose()), total: z.number().int().min(0) })
const rowsOnly = z.object({ rows: z.array(z.object({}).loose()) })
const user = z.object({
  user_id: z.string(),
  email: z.email(),
  nick_name: z.string(),
  avatar: z.string(),
  token: z.string().optional(),
})
const page = z
  .object({
    page_id: z.string(),
    page_type: z.string(),
    page_path: z.string(),
    group_path: z.string(),
    title: z.string(),
    page_config: z.object({}).loose(),
  })
  .loose()

/** [path, host, body, shape of the unwrapped data] with a valid body for each call. */
const CASES: [string, string, unknown, z.ZodType][] = [
  ['/v1/site_admin/show_path/get', 'res.localhost', {}, rowsOnly],
  ['/v1/site_page/get', 'land.localhost', { page_path: 'home', page_type: 'land' }, page],
  [
    '/v1/site_page/web_get',
    'land.localhost',
    { page_path: 'home', page_language: 'fr', group_path: '' },
    z.object({ site_config: z.object({ site_id: z.string() }).loose(), site_page_config: page }),
  ],
  ['/v1/site_page/list', 'nav.localhost', { filter: { page_type: 'nav' }, page: 1, page_size: 10, is_cache: 1 }, paged],
  [
    '/v1/site_page/group/get',
    'res.localhost',
    { group_id: 'g-help' },
    z.object({
      group_id: z.string(),
      group_name: z.string(),
      group_path: z.string(),
      pages: z.array(z.object({}).loose()).min(1),
    }),
  ],
  ['/v1/site_page/rss/list', 'nav.localhost', { rss_ids: ['ai-papers'], page: 1, page_size: 5 }, rowsOnly],
  ['/v1/site_page/rss/list_hot', 'nav.localhost', { page_path: 'news' }, rowsOnly],
  ['/v1/site_page/rss/new_list_hot', 'nav.localhost', { page_path: 'news' }, rowsOnly],
  [
    '/v1/rss_page_add_hot',
    'nav.localhost',
    { page_path: 'news', title: 'Vite', link: 'https://vite.dev/', rss_name: 'Docs' },
    z.null(),
  ],
  [
    '/v1/site_surprise/web_get',
    'res.localhost',
    { web_path: ['global', '/s'], is_cache: 1 },
    z.record(z.string(), z.object({ title: z.string(), type: z.number(), position: z.number() }).loose()),
  ],
  ['/v1/user/login', 'nav.localhost', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }, user],
  [
    '/v1/user/register',
    'res.localhost',
    { avatar: '', nick_name: '', email: DEMO_ACCOUNT.email, password: 'xx2025xx', send_code: '123456' },
    z.object({ status: z.literal(910), info: z.string(), data: z.null() }),
  ],
  ['/v1/send_email', 'res.localhost', { email: 'someone@example.com', code_type: 0 }, z.null()],
  [
    '/v1/user/update_password',
    'res.localhost',
    { email: DEMO_ACCOUNT.email, send_code: '123456', password: 'xx2025xx' },
    z.object({ status: z.number().min(1), info: z.string(), data: z.unknown() }),
  ],
  [
    '/v1/third_party_login',
    'nav.localhost',
    { credential: fakeGoogleToken({ email: 'g@example.com', name: 'G' }) },
    user,
  ],
  ['/v1/resource/search', 'res.localhost', { query: '字体', page: 1, page_size: 10, search_type: 2 }, paged],
  [
    '/v1/resource/detail',
    'res.localhost',
    { seo_title: 'vlc-media-player' },
    z.object({ detail_info: z.object({ id: z.string() }).loose(), recommend: z.array(z.object({}).loose()) }),
  ],
  [
    '/v1/resource/list',
    'res.localhost',
    { kind: 'new', page: 1, page_size: 10 },
    paged.extend({ categories: z.array(z.object({ key: z.string(), name: z.string(), count: z.number() })) }),
  ],
  [
    '/v1/resource/rank',
    'res.localhost',
    { platform: 'baidu', category: 'study' },
    z.object({
      platforms: z.array(z.object({}).loose()).min(1),
      rows: z.array(z.object({ index: z.number(), title: z.string(), score: z.number() }).loose()).min(1),
    }),
  ],
  ['/v1/resource/tags', 'res.localhost', { page: 1, page_size: 10 }, paged],
  [
    '/v1/resource/aside',
    'res.localhost',
    { kinds: ['hot', 'contact'] },
    z.object({ hot: z.array(z.object({}).loose()), contact: z.object({ title: z.string() }).loose() }).strict(),
  ],
  [
    '/v1/local_resource_save',
    'res.localhost',
    { url: 'https://pan.quark.cn/s/abc123', cookie_id: 'quark-main', doc_id: 'r10001', filter_words: [] },
    z.object({ final_share_url: z.url() }),
  ],
  ['/v1/post/list', 'res.localhost', { page: 1, page_size: 10 }, paged],
  [
    '/v1/post/get',
    'res.localhost',
    { path: 'search-tips' },
    z
      .object({
        id: z.string(),
        path: z.string(),
        content: z.string(),
        category: z.object({ id: z.string(), name: z.string() }).loose(),
      })
      .loose(),
  ],
  ['/v1/post/category/list', 'land.localhost', {}, rowsOnly],
  [
    '/v1/post/create',
    'res.localhost',
    { title: 'Hi there', content: 'Some markdown content', category_id: 'guide', tags: [] },
    z.object({ status: z.literal(401), info: z.string(), data: z.null() }),
  ],
  ['/v1/feedback/list', 'land.localhost', { page: 1, page_size: 10 }, paged],
  ['/v1/feedback/submit', 'res.localhost', { form_id: 'feedback', values: { content: 'More fonts please' } }, z.null()],
  ['/v1/links/get', 'res.localhost', {}, rowsOnly],
]

/** The front end's unwrapping rule (API.md "Transport"): data when status is 0, else the whole body. */
function unwrap(body: { status: number; data: unknown }): unknown {
  if (body.status !== 0) return body
  return Array.isArray(body.data) || body.data === null || typeof body.data !== 'object' ? body.data : { ...body.data }
}

describe('the contract', () => {
  it('has a call for every path of API.md and nothing else', () => {
    expect([...DEMO_CALL_PATHS].sort()).toEqual([...API_PATHS].sort())
    expect(new Set(CASES.map(([path]) => path))).toEqual(new Set(API_PATHS))
  })

  const api = createTestApi({ now: () => Date.UTC(2025, 5, 1, 12) })
  it.each(CASES)('%s answers the contract shape', async (path, host, body, shape) => {
    const answer = await callApi(api, host, path, body)
    expect(answer.headers.get('content-type')).toMatch(/application\/json/)
    expect(answer.body).toEqual(expect.objectContaining({ status: expect.any(Number), info: expect.any(String) }))
    expect('data' in answer.body).toBe(true)
    const parsed = shape.safeParse(unwrap(answer.body))
    expect(
      parsed.success,
      parsed.success ? '' : `${path}: ${z.prettifyError(parsed.error)}\n${JSON.stringify(answer.body).slice(0, 400)}`,
    ).toBe(true)
  })
})
