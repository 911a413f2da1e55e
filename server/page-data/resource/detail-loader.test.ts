import { describe, expect, it } from 'vitest'
import { loadDetailPage } from './detail-loader.ts'
import { fakeLoaderEnv, fakeSite, thrownBy, upstreamNotFound } from '../../../test/fake-loader-env.ts'
import { ASIDE_REPLY, resource } from './resource-fixtures.test-helper.ts'

const aside = () => ASIDE_REPLY

describe('detail page loader', () => {
  it('asks for the resource by seo_title and shapes recommendations as cards', async () => {
    const { env, calls } = fakeLoaderEnv({
      path: '/d/res-7',
      params: { id: 'res-7' },
      replies: {
        '/v1/resource/detail': () => ({ detail_info: resource(7), recommend: [resource(8), resource(9)] }),
        '/v1/resource/aside': aside,
      },
    })
    const data = await loadDetailPage(env)
    expect(calls.find((c) => c.path === '/v1/resource/detail')?.body).toEqual({ seo_title: 'res-7' })
    expect(data.resource.target_urls).toEqual([{ target_url: 'https://pan.test/s/7', pan_type: 'quark', code: 'ab12' }])
    expect(data.recommend.map((r) => r.seo_title)).toEqual(['res-8', 'res-9'])
    // No transfer_save_config: "save to my drive" is not offered.
    expect(data.transferCookies).toEqual([])
    await data.aside
  })

  it("passes the site's drive accounts on for transfer-save", async () => {
    const site = fakeSite({
      resource: { transfer_save_config: { list: [{ cookie_id: 'quark-main' }, { cookie_id: 'baidu-main' }] } },
    })
    const { env } = fakeLoaderEnv({
      path: '/d/res-7',
      params: { id: 'res-7' },
      site,
      replies: {
        '/v1/resource/detail': () => ({ detail_info: resource(7), recommend: [] }),
        '/v1/resource/aside': aside,
      },
    })
    const data = await loadDetailPage(env)
    expect(data.transferCookies).toEqual(['quark-main', 'baidu-main'])
    await data.aside
  })

  it('fills the detail TDK with the resource name, description and category', async () => {
    const site = fakeSite({
      tdk: {
        detail_page_config: {
          title: '#资源名称# | #分类名称#',
          description: '#资源描述#',
          keywords: '#资源名称#,#网站名称#',
        },
      },
    })
    const { env } = fakeLoaderEnv({
      path: '/d/res-7',
      params: { id: 'res-7' },
      site,
      replies: {
        '/v1/resource/detail': () => ({ detail_info: resource(7), recommend: [] }),
        '/v1/resource/aside': aside,
      },
    })
    const { head } = await loadDetailPage(env)
    expect(head).toEqual({
      title: 'Resource 7 | Software',
      description: 'Description of resource 7',
      keywords: 'Resource 7,Example',
      canonical: 'http://example.test/d/res-7',
      image: 'https://img.test/7.png',
      imageAlt: 'Resource 7',
      pageType: 'resource',
      jsonLd: [
        {
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://example.test/' },
            { '@type': 'ListItem', position: 2, name: 'Software', item: 'http://example.test/res/new/software' },
            { '@type': 'ListItem', position: 3, name: 'Resource 7', item: 'http://example.test/d/res-7' },
          ],
        },
      ],
    })
  })

  it('answers 404 when the upstream has no such resource', async () => {
    const { env } = fakeLoaderEnv({
      path: '/d/missing',
      params: { id: 'missing' },
      replies: { '/v1/resource/detail': () => upstreamNotFound('/v1/resource/detail'), '/v1/resource/aside': aside },
    })
    expect(await thrownBy(loadDetailPage(env))).toEqual({ status: 404, message: 'Page Not Found: /d/missing' })
  })

  it('lets other upstream failures through (they become a 500)', async () => {
    const { env } = fakeLoaderEnv({
      path: '/d/x',
      params: { id: 'x' },
      replies: {
        '/v1/resource/detail': () => {
          throw new Error('upstream down')
        },
        '/v1/resource/aside': aside,
      },
    })
    await expect(loadDetailPage(env)).rejects.toThrow('upstream down')
  })
})
