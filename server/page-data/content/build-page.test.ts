import { describe, expect, it } from 'vitest'
import type { ContentPageData, LandModuleView } from '../../../shared/data/content-data.ts'
import { MODULE_TYPES } from '../../../shared/content-types.ts'
import { buildContentPage } from './build-page.ts'
import { fakeLoaderEnv, fakePage, thrownBy, type FakeLoaderEnvOptions } from '../../../test/fake-loader-env.ts'

type Replies = NonNullable<FakeLoaderEnvOptions['replies']>

async function build(page: Record<string, unknown>, replies: Replies = {}, param: string | null = null) {
  const config = fakePage(page)
  const { env, calls } = fakeLoaderEnv({ pages: [config], replies, path: '/visited' })
  const promise = buildContentPage(env, config, { routerPath: '/x', param, home: false })
  return { calls, promise }
}

async function body<K extends ContentPageData['body']['kind']>(
  kind: K,
  page: Record<string, unknown>,
  replies: Replies = {},
) {
  const data = await (await build(page, replies)).promise
  expect(data.body.kind).toBe(kind)
  return { data, body: data.body as Extract<ContentPageData['body'], { kind: K }> }
}

describe('nav and ai pages', () => {
  it('keeps visible sites with safe links and drops empty tabs and groups', async () => {
    const { body: nav } = await body('nav', {
      page_type: 'ai',
      page_path: 'ai',
      page_config: {
        intro: ' Tools we like ',
        groups: [
          {
            group_name: 'Chat',
            tabs: [
              {
                tab_name: 'Assistants',
                sites: [
                  {
                    title: 'Good',
                    url: 'https://good.example',
                    icon: 'https://cdn.example/i.png',
                    description: 'Helps',
                    is_show: 1,
                    tags: ['free', ' '],
                    pricing: 'Freemium',
                  },
                  { title: 'Hidden', url: 'https://hidden.example', icon: '', description: '', is_show: 0 },
                  { title: 'Sneaky', url: 'javascript:alert(1)', icon: 'javascript:x', description: '', is_show: 1 },
                ],
              },
              { tab_name: 'Empty', sites: [] },
            ],
          },
          { group_name: 'Nothing', tabs: [] },
        ],
      },
    })
    expect(nav).toMatchObject({ variant: 'ai', intro: 'Tools we like' })
    expect(nav.groups).toHaveLength(1)
    expect(nav.groups[0]?.tabs.map((tab) => tab.name)).toEqual(['Assistants'])
    expect(nav.groups[0]?.tabs[0]?.sites).toEqual([
      {
        title: 'Good',
        url: 'https://good.example',
        icon: 'https://cdn.example/i.png',
        description: 'Helps',
        tags: ['free'],
        pricing: 'Freemium',
      },
      { title: 'Sneaky', url: null, icon: null, description: '', tags: [], pricing: null },
    ])
  })
})

describe('custom pages', () => {
  it.each([
    ['markdown', '# Hi\n\n<script>x()</script>**bold**'],
    ['html', '<p onclick="x()">Hi</p><script>x()</script>'],
  ] as const)('renders %s as sanitised HTML in the site frame', async (contentType, content) => {
    const { body: custom } = await body('custom', {
      page_type: 'custom',
      page_path: 'p',
      page_config: { content_type: contentType, content },
    })
    expect(custom).toMatchObject({ format: 'html' })
    if (custom.format !== 'html') return
    expect(custom.html).not.toMatch(/script|onclick/)
    expect(custom.html).toContain('Hi')
  })

  it('keeps only the body of an html document and notices content that brings its own h1', async () => {
    const full = await body('custom', {
      page_type: 'custom',
      page_path: 'kit',
      page_config: {
        content_type: 'html',
        content:
          '<!doctype html><html><head><title>Kit</title><style>p{}</style></head><body><p>Body</p></body></html>',
      },
    })
    expect(full.body).toMatchObject({ format: 'html', html: '<p>Body</p>', hasOwnTitle: false })
    const titled = await body('custom', {
      page_type: 'custom',
      page_path: 'md',
      page_config: { content_type: 'markdown', content: '# Own title\n\ntext' },
    })
    expect(titled.body).toMatchObject({ hasOwnTitle: true })
  })

  it.each([
    ['txt', 'text/plain; charset=utf-8'],
    ['js', 'text/javascript; charset=utf-8'],
    ['json', 'application/json; charset=utf-8'],
    ['css', 'text/css; charset=utf-8'],
    ['xml', 'application/xml; charset=utf-8'],
  ] as const)('keeps %s content exactly as written, with its media type', async (contentType, mediaType) => {
    const content = '<x onclick="y()">"y"</x>\n  indented'
    const { body: custom } = await body('custom', {
      page_type: 'custom',
      page_path: 't',
      page_config: { content_type: contentType, content },
    })
    expect(custom).toEqual({ kind: 'custom', contentType, format: 'raw', mediaType, text: content })
  })

  it('keeps a pure_html document whole, with its head, but without scripts and handlers', async () => {
    const content =
      '<!doctype html><html lang="de"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=https://evil.example"><title>Kit</title>' +
      '<style>p{color:red}</style><script>alert(1)</script></head><body onload="alert(1)"><p style="color:blue" onclick="x()">Body <a href="javascript:alert(1)">x</a></p>' +
      '<iframe src="https://evil.example"></iframe><img src="x.png" onerror="alert(1)"></body></html>'
    const { body: custom } = await body('custom', {
      page_type: 'custom',
      page_path: 'kit',
      page_config: { content_type: 'pure_html', content },
    })
    expect(custom).toMatchObject({ format: 'raw', mediaType: 'text/html; charset=utf-8' })
    if (custom.format !== 'raw') return
    expect(custom.text).toMatch(/^<!DOCTYPE html>\n<html lang="de"><head><meta charset="utf-8" \/>/)
    expect(custom.text).toContain('<title>Kit</title><style>p{color:red}</style>')
    expect(custom.text).toContain('<p style="color:blue">Body <a>x</a></p>')
    expect(custom.text).not.toMatch(/script|onload|onerror|onclick|iframe|refresh|javascript:/i)
  })

  it('fails loudly on a custom page of an unknown content type', async () => {
    const { promise } = await build({
      page_type: 'custom',
      page_path: 'bad',
      page_config: { content_type: 'pdf', content: '' },
    })
    await expect(promise).rejects.toThrow(/page_config of a custom page/)
  })
})

describe('rss pages', () => {
  const config = {
    rss_ids: ['a', 'b'],
    sources: [{ rss_id: 'a', rss_name: 'Alpha', logo: 'https://cdn.example/a.png', description: 'First' }],
  }
  const replies: Replies = {
    '/v1/site_page/rss/list': (request) => ({
      rows: (request.rss_ids as string[]).map((id) => ({
        rss_id: id,
        rss_name: `Feed ${id}`,
        total: 30,
        docs: [
          { title: `${id} news`, link: 'https://news.example/1', publish_str: '1h ago', published_at: 1_700_000_000 },
          { title: 'bad', link: 'ftp://x', publish_str: '', published_at: 0 },
        ],
      })),
    }),
    '/v1/site_page/rss/list_hot': () => ({
      rows: [
        { title: 'Hot one', link: 'https://hot.example', source: 'Alpha', score: 5, created_at: 1 },
        { title: 'Bad', link: 'javascript:x', source: '', score: 1, created_at: 1 },
      ],
    }),
  }

  it('shows one column per source with the configured name and safe links, and streams the hot list', async () => {
    const { data, body: rss } = await body(
      'rss',
      { page_type: 'rss', page_path: 'news', group_path: 'feeds', page_config: config },
      replies,
    )
    expect(rss.columns.map((column) => column.name)).toEqual(['Alpha', 'Feed b'])
    expect(rss.columns[0]?.docs.map((doc) => doc.link)).toEqual(['https://news.example/1', null])
    expect(rss.sourceBase).toBe('/sp/feeds/news')
    expect(await data.rssHot).toEqual([{ title: 'Hot one', link: 'https://hot.example', source: 'Alpha', score: 5 }])
  })

  it('narrows to one of its sources and 404s for any other', async () => {
    const page = { page_type: 'rss', page_path: 'news', group_path: 'feeds', page_config: config }
    const one = await (await build(page, replies, 'b')).promise
    expect(one.body).toMatchObject({ kind: 'rss', selectedSource: 'b' })
    const { calls, promise } = await build(page, replies, 'zzz')
    expect(await thrownBy(promise)).toEqual({ status: 404, message: 'Page Not Found: /visited' })
    expect(calls.some((call) => call.path === '/v1/site_page/rss/list')).toBe(false)
  })
})

describe('land pages', () => {
  const button = { text: 'Start', url: '/l/go', type: 0, style: 1 }
  const data: Record<string, Record<string, unknown>> = {
    product_overview: {
      title: 'Notes',
      description: 'Calm notes',
      align: 2,
      resource: { type: 1, url: 'https://cdn.example/a.png' },
      buttons: [
        button,
        { text: 'Evil', url: 'javascript:x', type: 2, style: 2, popup_img: 'https://cdn.example/qr.png' },
        { text: 'Nowhere', url: 'javascript:x', type: 0 },
        { text: 'Empty popup', type: 2 },
      ],
    },
    product_image_overview: {
      title: 'Sync',
      description: 'Everywhere',
      align: 1,
      resource: { type: 2, url: 'https://cdn.example/v.mp4' },
      buttons: [],
    },
    title: { title: 'Why us', subtitle: 'Because', align: 2 },
    carousel: { items: [{ image: 'https://cdn.example/1.png', title: 'One' }, { image: 'javascript:x' }] },
    image_list: { items: [{ image: '/img/2.png', url: 'https://x.example' }] },
    video_introduce: {
      title: 'Tour',
      description: 'Watch',
      video_url: 'https://cdn.example/tour.mp4',
      poster: 'https://cdn.example/p.png',
    },
    step: { items: [{ title: 'Install', description: 'Get it' }] },
    faq: { items: [{ question: 'Free?', answer: 'Yes' }] },
    posts: { category_id: 'news', limit: 500 },
    social_media: { items: [{ name: 'Mastodon', icon: '', url: 'https://social.example/@us' }] },
    video: { video_url: 'https://cdn.example/v.mp4', poster: '' },
    video_carousel: { items: [{ video_url: 'https://cdn.example/1.mp4', poster: '' }] },
    useful_code: { items: [{ code: 'SPRING', description: '10% off', expires_at: 1_900_000_000 }] },
    invalid_code: { items: [{ code: 'WINTER', description: 'Gone' }] },
    superiority: { items: [{ title: 'Fast', description: 'Very' }] },
    superiority_image: { items: [{ title: 'Private', description: 'Yes', image: 'https://cdn.example/s.png' }] },
    comment: { items: [{ avatar: '', name: 'Ana', content: 'Love it', rating: 9 }] },
    form: {
      form_id: 'contact',
      result_position: 1,
      submit_text: 'Send',
      items: [
        { type: 'text', field: '', label: 'We answer within a day.' },
        { type: 'input', field: 'email', label: 'E-mail', required: 1, max_length: 100 },
        { type: 'textarea', field: 'message', label: 'Message' },
        { type: 'file', field: 'attachment', label: 'File' },
        { type: 'image', field: 'shot', label: 'Screenshot' },
        { type: 'select', field: 'topic', label: 'Topic', options: [{ label: 'Sales', value: 'sales' }] },
        { type: 'checkbox', field: 'agree', label: 'Agree', options: [{ label: 'Yes', value: 'yes' }] },
        { type: 'select', field: 'empty', label: 'No options' },
        { type: 'input', field: 'bad field!', label: 'Bad' },
      ],
    },
    price: { plans: [{ name: 'Pro', price: '$5', unit: 'month', features: ['Sync', 7], button }] },
    html: { html: '<p>Hello</p><script>x()</script>' },
  }
  const modules = MODULE_TYPES.map((type) => ({ id: `m-${type}`, type, is_show: 1, data: data[type] }))
  const replies: Replies = {
    '/v1/post/list': () => ({
      rows: [
        {
          id: 'p1',
          path: 'hello',
          title: 'Hello',
          description: 'First',
          content: '# x',
          category: { id: 'news', name: 'News' },
          tags: [],
          author: { nick_name: 'a', avatar: '' },
          view_count: 1,
          created_at: 1_700_000_000,
          updated_at: 1,
        },
      ],
      total: 1,
    }),
  }

  it('shapes every module type and drops hidden and unknown ones', async () => {
    const { calls, promise } = await build(
      {
        page_type: 'land',
        page_path: 'home',
        page_config: {
          theme: 2,
          banner_style: 1,
          modules: [
            ...modules,
            { id: 'hidden', type: 'faq', is_show: 0, data: data.faq },
            { id: 'future', type: 'hologram', is_show: 1, data: {} },
          ],
        },
      },
      replies,
    )
    const page = await promise
    if (page.body.kind !== 'land') throw new Error('not a land body')
    expect(page.body).toMatchObject({ theme: 2, bannerStyle: 1 })
    expect(page.body.modules.map((module) => module.type)).toEqual([...MODULE_TYPES])
    const byType = Object.fromEntries(page.body.modules.map((module) => [module.type, module])) as Record<
      string,
      LandModuleView
    >
    expect(byType.product_overview).toMatchObject({
      heading: 'Notes',
      align: 'center',
      media: { type: 'image', url: 'https://cdn.example/a.png' },
      buttons: [
        { text: 'Start', url: '/l/go', type: 0, style: 1, popupImage: null },
        { text: 'Evil', url: null, type: 2, style: 2, popupImage: 'https://cdn.example/qr.png' },
      ],
    })
    expect(byType.product_image_overview).toMatchObject({ align: 'start', media: { type: 'video' } })
    expect(byType.carousel).toMatchObject({ items: [{ image: 'https://cdn.example/1.png', title: 'One', url: null }] })
    expect(byType.posts).toMatchObject({ categoryId: 'news', posts: [{ id: 'p1', path: 'hello', title: 'Hello' }] })
    expect(calls.find((call) => call.path === '/v1/post/list')?.body).toEqual({
      category_id: 'news',
      page: 1,
      page_size: 24,
    })
    expect(byType.useful_code).toMatchObject({ items: [{ code: 'SPRING', expiresAt: 1_900_000_000 }] })
    expect(byType.comment).toMatchObject({ items: [{ rating: 5, avatar: null }] })
    expect(byType.price).toMatchObject({ plans: [{ features: ['Sync', '7'], button: { text: 'Start' } }] })
    expect(byType.html).toMatchObject({ html: '<p>Hello</p>' })
    const form = byType.form
    if (form?.type !== 'form') throw new Error('no form')
    expect(form).toMatchObject({ formId: 'contact', resultPosition: 1, submitText: 'Send' })
    expect(form.items.map((item) => item.type)).toEqual([
      'text',
      'input',
      'textarea',
      'file',
      'image',
      'select',
      'checkbox',
    ])
    expect(form.items[1]).toEqual({ type: 'input', field: 'email', label: 'E-mail', required: 1, max_length: 100 })
    expect(page.head.description).toBe('Calm notes')
  })
})

describe('list pages', () => {
  const summary = (path: string, type: string, group = '') => ({
    page_id: `id-${path}`,
    page_path: path,
    page_type: type,
    group_path: group,
    title: path,
    description: `About ${path}`,
    updated_at: 5,
  })
  const replies: Replies = {
    '/v1/site_page/list': () => ({
      rows: [
        summary('privacy', 'custom', 'legal'),
        summary('handbook', 'outline'),
        summary('files', 'resource'),
        summary('all', 'list'),
      ],
      total: 60,
    }),
  }

  it('links every page that has a route, filtered by the configured group and type', async () => {
    const { calls, promise } = await build(
      {
        page_type: 'list',
        page_path: 'all',
        group_path: 'more',
        page_config: { group_id: 'g1', page_type: 'custom', style: 3 },
      },
      replies,
    )
    const page = await promise
    expect(page.body).toMatchObject({ kind: 'list', style: 3, page: 1, pages: 3, pageBase: '/sp/more/all' })
    if (page.body.kind !== 'list') return
    expect(page.body.items.map((item) => item.routerPath)).toEqual(['/c/legal/privacy', '/doc/handbook'])
    expect(calls[0]?.body).toEqual({
      filter: { group_id: 'g1', page_type: 'custom' },
      page: 1,
      page_size: 24,
      is_cache: 1,
    })
  })

  it.each(['0', '01', 'x', '1001', '4'])('404s for the page number %s', async (param) => {
    const { promise } = await build(
      { page_type: 'list', page_path: 'all', group_path: 'more', page_config: { style: 1 } },
      replies,
      param,
    )
    expect((await thrownBy(promise)).status).toBe(404)
  })

  it('never counts more pages than an address can name (MAX_PAGE)', async () => {
    const many: Replies = { '/v1/site_page/list': () => ({ rows: [], total: 5_000_000 }) }
    const { promise } = await build(
      { page_type: 'list', page_path: 'all', group_path: 'more', page_config: { style: 1 } },
      many,
    )
    expect((await promise).body).toMatchObject({ page: 1, pages: 1000 })
  })

  it('accepts a page number within range', async () => {
    const { promise } = await build(
      { page_type: 'list', page_path: 'all', group_path: 'more', page_config: { style: 1 } },
      replies,
      '3',
    )
    expect((await promise).body).toMatchObject({ page: 3 })
  })
})

describe('resource, outline and user-post pages', () => {
  const resource = {
    id: 'r',
    seo_title: 'r-1',
    title: 'R',
    description: 'x'.repeat(300),
    category: { key: 'k', name: 'K' },
    tags: [],
    pan_type: '',
    target_urls: [],
    view_count: 2,
    hot_count: 0,
    created_at: 1,
    updated_at: 1,
  }
  const replies: Replies = {
    '/v1/resource/aside': () => ({ search: [{ query: 'q', count: 1 }], hot: [resource] }),
    '/v1/resource/list': () => ({ rows: [resource], total: 1, categories: [] }),
    '/v1/post/list': () => ({ rows: [], total: 0 }),
  }

  it('resource mode 1 streams the hot list of its kind only', async () => {
    const { calls, promise } = await build(
      { page_type: 'resource', page_path: 'files', page_config: { mode: 1, hot_kind: 2, style: 2 } },
      replies,
    )
    const page = await promise
    expect(page.body).toMatchObject({ kind: 'resource', mode: 1, hotKind: 2, resources: [] })
    expect(calls.map((call) => call.path)).toEqual(['/v1/resource/aside'])
    expect(calls[0]?.body).toEqual({ kinds: ['hot'] })
    const hot = await page.resourceHot
    expect(hot?.hotResources[0]?.description).toHaveLength(161)
  })

  it('resource mode 2 lists the newest resources', async () => {
    const { promise } = await build(
      { page_type: 'resource', page_path: 'files', page_config: { mode: 2, hot_kind: 1, style: 1 } },
      replies,
    )
    expect((await promise).body).toMatchObject({ mode: 2, resources: [{ seoTitle: 'r-1' }] })
  })

  it('outline: tree, sections in reading order with rendered markdown, duplicate ids skipped', async () => {
    const { body: outline } = await body('outline', {
      page_type: 'outline',
      page_path: 'handbook',
      page_config: {
        outline: [
          {
            id: 'basics',
            title: 'Basics',
            path: 'basics',
            children: [
              { id: 'install', title: 'Install', path: 'install', content: '## Install\n\nRun **it**.' },
              { id: 'install', title: 'Again', path: 'again', content: 'dup' },
            ],
          },
          { id: 'faq', title: 'FAQ', path: 'faq', content: '<img src=x onerror=alert(1)>Ask' },
        ],
      },
    })
    expect(outline.firstWithContent).toBe('install')
    expect(outline.sections.map((section) => [section.id, section.depth])).toEqual([
      ['basics', 0],
      ['install', 1],
      ['faq', 0],
    ])
    expect(outline.sections[1]?.html).toBe('<p>Run <strong>it</strong>.</p>\n')
    expect(outline.sections[2]?.html).not.toContain('onerror')
    expect(outline.tree).toEqual([
      {
        id: 'basics',
        title: 'Basics',
        hasContent: false,
        children: [{ id: 'install', title: 'Install', hasContent: true, children: [] }],
      },
      { id: 'faq', title: 'FAQ', hasContent: true, children: [] },
    ])
  })

  it('ugc_post lists its category', async () => {
    const { calls, promise } = await build(
      { page_type: 'ugc_post', page_path: 'notes', page_config: { category_id: 'c9' } },
      replies,
    )
    expect((await promise).body).toEqual({ kind: 'ugc_post', categoryId: 'c9', posts: [], total: 0 })
    expect(calls[0]?.body).toEqual({ category_id: 'c9', page: 1, page_size: 20 })
  })
})
