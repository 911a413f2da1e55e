import { describe, expect, it } from 'vitest'
import { DEMO_ACCOUNT } from './data/index.ts'
import { callApi, createTestApi } from './demo-api.test-helper.ts'

const ORIGIN = 'http://demo-api.test'
const HOSTS = ['res.localhost', 'land.localhost', 'nav.localhost']

function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value)
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, into)
  return into
}

/** The answers a site's pages are built from: every page, post and resource, promos, links, asides, a signed-in user. */
async function answersOf(api: ReturnType<typeof createTestApi>, host: string): Promise<unknown[]> {
  const call = async (path: string, body: unknown = {}) => (await callApi(api, host, path, body)).body
  const answers: unknown[] = []
  const pageList = await call('/v1/site_page/list', { filter: {}, page: 1, page_size: 100, is_cache: 1 })
  answers.push(pageList)
  const pages = (pageList.data?.rows ?? []) as { page_path: string; group_path: string }[]
  expect(pages.length).toBeGreaterThan(3)
  for (const page of pages) {
    const answer = await call('/v1/site_page/web_get', {
      page_path: page.page_path,
      page_language: '',
      group_path: page.group_path,
    })
    expect(answer.status, `${host} ${page.group_path}/${page.page_path}`).toBe(0)
    answers.push(answer)
  }
  const posts = await call('/v1/post/list', { page: 1, page_size: 100 })
  answers.push(posts)
  for (const post of (posts.data?.rows ?? []) as { path: string }[])
    answers.push(await call('/v1/post/get', { path: post.path }))
  const resources = await call('/v1/resource/list', { kind: 'new', page: 1, page_size: 100 })
  answers.push(resources, await call('/v1/resource/search', { query: 'a', page: 1, page_size: 60, search_type: 2 }))
  for (const resource of ((resources.data?.rows ?? []) as { seo_title: string }[]).slice(0, 10))
    answers.push(await call('/v1/resource/detail', { seo_title: resource.seo_title }))
  answers.push(
    await call('/v1/site_surprise/web_get', { web_path: ['global', '/', '/post', '/s', '/d'], is_cache: 1 }),
    await call('/v1/links/get'),
    await call('/v1/resource/aside', { kinds: ['hot', 'contact'] }),
    await call('/v1/site_page/rss/list', { rss_ids: ['ai-papers', 'frontend', 'github'], page: 1, page_size: 20 }),
    await call('/v1/user/login', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
  )
  return answers
}

describe('pictures and clips in the demo API’s answers', () => {
  const api = createTestApi()

  it.each(HOSTS)('are addresses of files the API serves, never inline data:, on %s', async (host) => {
    const strings = stringsOf(await answersOf(api, host))
    expect(strings.filter((text) => /^\s*data:/i.test(text))).toEqual([])
    expect(strings.filter((text) => text.includes('demo-media:'))).toEqual([])
    const media = [...new Set(strings.filter((text) => text.startsWith(`${ORIGIN}/media/`)))]
    expect(media.length).toBeGreaterThan(10)
    const broken: string[] = []
    for (const url of media) {
      const response = await api.fetch(new Request(url))
      const type = response.headers.get('content-type') ?? ''
      if (response.status !== 200 || !/^(image\/(webp|png|svg\+xml)|video\/webm)\b/.test(type))
        broken.push(`${url} → ${response.status} ${type}`)
      await response.arrayBuffer()
    }
    expect(broken).toEqual([])
  })

  it('point at the address the API was called at, so a proxy or a second port works too', async () => {
    const request = (origin: string) =>
      api.fetch(
        new Request(`${origin}/v1/links/get`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'app-domain': 'res.localhost' },
          body: '{}',
        }),
      )
    const first = await (await request('http://127.0.0.1:4000')).text()
    const second = await (await request('http://localhost:4100')).text()
    expect(first).toContain('"http://127.0.0.1:4000/media/icon/')
    expect(second).toContain('"http://localhost:4100/media/icon/')
    expect(second).not.toContain('127.0.0.1:4000')
  })
})
