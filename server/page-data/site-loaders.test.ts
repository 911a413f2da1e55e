import { describe, expect, it } from 'vitest'
import type { FeedbackPageData, GotoPageData, LinksPageData, TextPageData } from '../../shared/data/site-data.ts'
import { siteLoaders } from './site-loaders.ts'
import { fakeLoaderEnv, fakeSite, thrownBy } from '../../test/fake-loader-env.ts'

describe('/disclaimer and /announcement', () => {
  it('renders the disclaimer markdown to sanitised HTML', async () => {
    const site = fakeSite({
      baseInfo: {
        disclaimer: '## Terms\n\nUse at **your own** risk. <script>alert(1)</script>[x](javascript:alert(1))',
      },
    })
    const { env } = fakeLoaderEnv({ path: '/disclaimer', site })
    const data = (await siteLoaders.disclaimer(env)) as TextPageData
    expect(data.kind).toBe('text')
    expect(data.page).toBe('disclaimer')
    expect(data.html).toContain('<h2>Terms</h2>')
    expect(data.html).toContain('<strong>your own</strong>')
    expect(data.html).not.toContain('<script')
    expect(data.html).not.toContain('javascript:')
    expect(data.head).toMatchObject({ title: 'Disclaimer - Example', canonical: 'http://example.test/disclaimer' })
  })

  it.each([
    ['missing', undefined],
    ['blank', '  \n '],
  ])('answers 404 when the disclaimer is %s', async (_name, disclaimer) => {
    const site = fakeSite({ baseInfo: disclaimer === undefined ? {} : { disclaimer } })
    const { env } = fakeLoaderEnv({ path: '/disclaimer', site })
    expect(await thrownBy(siteLoaders.disclaimer(env))).toEqual({ status: 404, message: 'Page Not Found: /disclaimer' })
  })

  it('shows the announcement while it is switched on', async () => {
    const site = fakeSite({ baseInfo: { announcement: { is_show: 1, content: 'Maintenance on *Sunday*.' } } })
    const { env } = fakeLoaderEnv({ path: '/announcement', site })
    const data = (await siteLoaders.announcement(env)) as TextPageData
    expect(data.page).toBe('announcement')
    expect(data.html).toContain('<em>Sunday</em>')
    expect(data.head.title).toBe('Announcement - Example')
  })

  it.each([
    ['switched off', { is_show: 0 as const, content: 'Old news' }],
    ['empty', { is_show: 1 as const, content: '' }],
    ['missing', undefined],
  ])('answers 404 when the announcement is %s', async (_name, announcement) => {
    const site = fakeSite({ baseInfo: announcement === undefined ? {} : { announcement } })
    const { env } = fakeLoaderEnv({ path: '/announcement', site })
    expect(await thrownBy(siteLoaders.announcement(env))).toEqual({
      status: 404,
      message: 'Page Not Found: /announcement',
    })
  })
})

describe('/links', () => {
  it('keeps safe links only and drops groups left empty', async () => {
    const { env, calls } = fakeLoaderEnv({
      path: '/links',
      replies: {
        '/v1/links/get': () => ({
          rows: [
            {
              name: 'Tools',
              list: [
                {
                  name: 'Good',
                  url: 'https://good.example/page',
                  logo_url: 'https://cdn.example/logo.png',
                  description: 'A good site',
                },
                { name: '', url: 'http://plain.example' },
                { name: 'Script', url: 'javascript:alert(1)' },
                { name: 'Bad logo', url: 'https://ok.example', logo_url: 'javascript:alert(1)' },
              ],
            },
            {
              name: 'Broken',
              list: [
                { name: 'Relative', url: '/local' },
                { name: 'Proto', url: '//evil.com' },
              ],
            },
          ],
        }),
      },
    })
    const data = (await siteLoaders.links(env)) as LinksPageData
    expect(calls).toEqual([{ path: '/v1/links/get', body: {} }])
    expect(data.kind).toBe('links')
    expect(data.groups).toEqual([
      {
        name: 'Tools',
        links: [
          {
            name: 'Good',
            url: 'https://good.example/page',
            logo: 'https://cdn.example/logo.png',
            description: 'A good site',
            host: 'good.example',
          },
          { name: 'plain.example', url: 'http://plain.example/', logo: '', description: '', host: 'plain.example' },
          { name: 'Bad logo', url: 'https://ok.example/', logo: '', description: '', host: 'ok.example' },
        ],
      },
    ])
    expect(data.head).toMatchObject({ title: 'Links - Example', canonical: 'http://example.test/links' })
  })

  it('lets upstream failures propagate', async () => {
    const { env } = fakeLoaderEnv({
      path: '/links',
      replies: {
        '/v1/links/get': () => {
          throw new Error('upstream down')
        },
      },
    })
    await expect(siteLoaders.links(env)).rejects.toThrow('upstream down')
  })
})

describe('/goto', () => {
  it('builds the interstitial for an absolute http(s) URL', async () => {
    const { env } = fakeLoaderEnv({ path: `/goto?url=${encodeURIComponent('https://docs.example.org/a?b=1')}` })
    const data = (await siteLoaders.goto(env)) as GotoPageData
    expect(data).toMatchObject({
      kind: 'goto',
      url: 'https://docs.example.org/a?b=1',
      host: 'docs.example.org',
      seconds: 5,
    })
    expect(data.head).toMatchObject({
      title: 'You are leaving this site - Example',
      canonical: null,
      robots: 'noindex,nofollow',
    })
  })

  it.each([
    ['missing', '/goto'],
    ['empty', '/goto?url='],
    ['javascript:', `/goto?url=${encodeURIComponent('javascript:alert(1)')}`],
    ['data:', `/goto?url=${encodeURIComponent('data:text/html,hi')}`],
    ['scheme-relative', `/goto?url=${encodeURIComponent('//evil.com')}`],
    ['credentials', `/goto?url=${encodeURIComponent('http://user:pass@x')}`],
    ['relative', `/goto?url=${encodeURIComponent('/home')}`],
    ['malformed', `/goto?url=${encodeURIComponent('http://exa mple.com')}`],
    ['oversize', `/goto?url=${encodeURIComponent(`https://example.com/${'a'.repeat(2048)}`)}`],
  ])('answers 400 for a %s URL', async (_name, path) => {
    const { env } = fakeLoaderEnv({ path })
    expect(await thrownBy(siteLoaders.goto(env))).toEqual({ status: 400, message: 'This link is not valid.' })
  })
})

describe('/feedback', () => {
  const rows = (count: number, from = 0) =>
    Array.from({ length: count }, (_, i) => ({
      id: `f${from + i}`,
      content: `Message ${from + i}`,
      reply: i === 0 ? ' Thanks! ' : null,
      created_at: 1_700_000_000 + i,
    }))

  it('loads the first page with the form', async () => {
    const { env, calls } = fakeLoaderEnv({
      path: '/feedback',
      replies: { '/v1/feedback/list': () => ({ rows: rows(20), total: 45 }) },
    })
    const data = (await siteLoaders.feedback(env)) as FeedbackPageData
    expect(calls).toEqual([{ path: '/v1/feedback/list', body: { page: 1, page_size: 20 } }])
    expect(data).toMatchObject({ kind: 'feedback', view: 'list', page: 1, pages: 3, total: 45 })
    expect(data.rows[0]).toEqual({ id: 'f0', content: 'Message 0', reply: 'Thanks!', createdAt: 1_700_000_000 })
    expect(data.rows[1]?.reply).toBe('')
    // No feedback_config: a required message and an optional contact.
    expect(data.form).toEqual({
      formId: 'feedback',
      items: [
        { type: 'textarea', field: 'content', label: 'Feedback', required: 1, max_length: 500 },
        { type: 'input', field: 'contact', label: 'Contact (optional)', max_length: 100 },
      ],
    })
    expect(data.head).toMatchObject({ title: 'Feedback - Example', canonical: 'http://example.test/feedback' })
  })

  it('renders the configured feedback fields it can, with their own form id', async () => {
    const site = fakeSite()
    site.page_config.feedback_config = {
      form_id: 'site-feedback',
      items: [
        { type: 'select', field: 'kind', label: 'Kind', options: [{ label: 'Bug', value: 'bug' }] },
        { type: 'textarea', field: 'content', label: 'Message', required: 1, max_length: 300 },
        { type: 'slider', field: 'mood', label: 'Mood' },
        { type: 'input', field: 'bad name!', label: 'Broken' },
        null,
      ],
    }
    const { env } = fakeLoaderEnv({ path: '/feedback/sub', site })
    const data = (await siteLoaders['feedback-sub'](env)) as FeedbackPageData
    expect(data.form).toEqual({
      formId: 'site-feedback',
      items: [
        { type: 'select', field: 'kind', label: 'Kind', options: [{ label: 'Bug', value: 'bug' }] },
        { type: 'textarea', field: 'content', label: 'Message', required: 1, max_length: 300 },
      ],
    })
  })

  it('shows an empty first page rather than a 404', async () => {
    const { env } = fakeLoaderEnv({
      path: '/feedback',
      replies: { '/v1/feedback/list': () => ({ rows: [], total: 0 }) },
    })
    expect(await siteLoaders.feedback(env)).toMatchObject({ page: 1, pages: 1, total: 0, rows: [] })
  })

  it('loads a later page', async () => {
    const { env, calls } = fakeLoaderEnv({
      path: '/feedback/3',
      params: { p: '3' },
      replies: { '/v1/feedback/list': () => ({ rows: rows(5, 40), total: 45 }) },
    })
    const data = (await siteLoaders['feedback-p'](env)) as FeedbackPageData
    expect(calls[0]?.body).toEqual({ page: 3, page_size: 20 })
    expect(data).toMatchObject({ page: 3, pages: 3 })
    expect(data.head.canonical).toBe('http://example.test/feedback/3')
  })

  it.each(['0', '-1', '01', '1.5', '1e3', 'abc', '1001', '99999', ' 2', ''])(
    'answers 404 for page %j without calling upstream',
    async (p) => {
      const { env, calls } = fakeLoaderEnv({
        path: `/feedback/${p}`,
        params: { p },
        replies: { '/v1/feedback/list': () => ({ rows: [], total: 0 }) },
      })
      expect(await thrownBy(siteLoaders['feedback-p'](env))).toMatchObject({ status: 404 })
      expect(calls).toEqual([])
    },
  )

  it('accepts page 1000, the highest allowed', async () => {
    const { env } = fakeLoaderEnv({
      path: '/feedback/1000',
      params: { p: '1000' },
      replies: { '/v1/feedback/list': () => ({ rows: rows(1), total: 20_000 }) },
    })
    expect(await siteLoaders['feedback-p'](env)).toMatchObject({ page: 1000 })
  })

  it('never counts more pages than an address can name (MAX_PAGE)', async () => {
    const { env } = fakeLoaderEnv({
      path: '/feedback',
      replies: { '/v1/feedback/list': () => ({ rows: rows(20), total: 5_000_000 }) },
    })
    expect(await siteLoaders.feedback(env)).toMatchObject({ page: 1, pages: 1000 })
  })

  it('answers 404 past the last page', async () => {
    const { env } = fakeLoaderEnv({
      path: '/feedback/9',
      params: { p: '9' },
      replies: { '/v1/feedback/list': () => ({ rows: [], total: 45 }) },
    })
    expect(await thrownBy(siteLoaders['feedback-p'](env))).toEqual({
      status: 404,
      message: 'Page Not Found: /feedback/9',
    })
  })

  it('serves the form view without loading the list', async () => {
    const { env, calls } = fakeLoaderEnv({ path: '/feedback/sub' })
    const data = (await siteLoaders['feedback-sub'](env)) as FeedbackPageData
    expect(calls).toEqual([])
    expect(data).toMatchObject({ kind: 'feedback', view: 'form', rows: [] })
    expect(data.head.canonical).toBe('http://example.test/feedback/sub')
  })
})

describe('fixed pages and the catch-all', () => {
  it.each([
    ['fixed-404', '/404', 404],
    ['fixed-405', '/405', 405],
    ['fixed-500', '/500', 500],
  ] as const)('%s answers with its own status and no message of its own', async (id, path, status) => {
    const { env } = fakeLoaderEnv({ path })
    expect(await thrownBy(siteLoaders[id](env))).toEqual({ status, message: undefined })
  })

  it('answers 404 "Page not found: {path}" for unmatched addresses', async () => {
    const { env } = fakeLoaderEnv({ path: '/no/such/page' })
    expect(await thrownBy(siteLoaders['not-found'](env))).toEqual({
      status: 404,
      message: 'Page not found: /no/such/page',
    })
  })
})
