import { describe, expect, it } from 'vitest'
import { loadTagPage, loadTagsPage, TAGS_PAGE_SIZE } from './tags-loader.ts'
import { LIST_PAGE_SIZE } from './list-loader.ts'
import { fakeLoaderEnv, fakeSite, thrownBy, upstreamNotFound } from '../../../test/fake-loader-env.ts'
import { ASIDE_REPLY, resource } from './resource-fixtures.test-helper.ts'

const linux = { slug: 'linux', name: 'Linux', description: 'Free systems', count: 2 }
const replies = {
  '/v1/resource/tags': (body: Record<string, unknown>) => {
    if (body.tag === undefined) return { rows: [linux], total: 1 }
    if (body.tag !== 'linux') return upstreamNotFound('/v1/resource/tags')
    return { tag: linux, rows: [resource(1), resource(2)], total: 2 }
  },
  '/v1/resource/aside': () => ASIDE_REPLY,
}

describe('tag loaders', () => {
  it('lists every tag', async () => {
    const { env, calls } = fakeLoaderEnv({ path: '/res_tags', replies })
    const data = await loadTagsPage(env)
    expect(calls.find((c) => c.path === '/v1/resource/tags')?.body).toEqual({ page: 1, page_size: TAGS_PAGE_SIZE })
    // The list shows each tag's link, name and count; its description is its own page's.
    expect(data).toMatchObject({
      kind: 'tags',
      tags: [{ slug: linux.slug, name: linux.name, count: linux.count }],
      total: 1,
    })
    expect(data.tags[0]).not.toHaveProperty('description')
  })

  it('shows a tag and its resources with the tag TDK', async () => {
    const site = fakeSite({
      tdk: { res_tag_page_config: { title: '#标签名称#', description: '#标签描述#', keywords: '' } },
    })
    const { env, calls } = fakeLoaderEnv({ path: '/res_tags/linux', params: { tag: 'linux' }, site, replies })
    const data = await loadTagPage(env)
    expect(calls.find((c) => c.path === '/v1/resource/tags')?.body).toEqual({
      tag: 'linux',
      page: 1,
      page_size: LIST_PAGE_SIZE,
    })
    expect(data.tag).toEqual(linux)
    expect(data.rows.map((r) => r.seo_title)).toEqual(['res-1', 'res-2'])
    expect(data.head).toMatchObject({
      title: 'Linux',
      description: 'Free systems',
      canonical: 'http://example.test/res_tags/linux',
    })
  })

  it('answers 404 for an unknown tag and for a bad page', async () => {
    const unknown = fakeLoaderEnv({ path: '/res_tags/nope', params: { tag: 'nope' }, replies })
    expect(await thrownBy(loadTagPage(unknown.env))).toEqual({ status: 404, message: 'Page Not Found: /res_tags/nope' })
    const badPage = fakeLoaderEnv({ path: '/res_tags?page=0', replies })
    expect(await thrownBy(loadTagsPage(badPage.env))).toEqual({ status: 404, message: 'Page Not Found: /res_tags' })
  })
})
