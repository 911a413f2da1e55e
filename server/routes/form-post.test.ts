import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORM_ID_FIELD } from '../../shared/forms/form-values.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'

function hydrationOf(html: string): { loaderData: Record<string, unknown> } {
  const match = /<script id="__hydration" type="application\/json">(.*?)<\/script>/s.exec(html)
  if (!match) throw new Error('no hydration data in the page')
  return JSON.parse(match[1]!)
}

const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const entry of [value].flat()) body.append(name, entry)
  return { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
}

describe('forms posted without JavaScript', () => {
  let site: TestSite
  let submitReply: (() => Response) | null = null
  const submitted: unknown[] = []
  beforeAll(async () => {
    site = await startTestSite({
      upstream: async (request, demo) => {
        if (new URL(request.url).pathname === '/v1/feedback/submit') {
          submitted.push(await request.clone().json())
          if (submitReply) return submitReply()
        }
        return demo(request)
      },
    })
  })
  afterAll(() => site.close())

  it('answers the feedback page with a confirmation and sends the form fields only', async () => {
    const response = await site.request('/feedback/sub', {
      ...form({
        [FORM_ID_FIELD]: 'feedback',
        kind: 'bug',
        content: '搜索页在手机上太窄了',
        contact: 'me@example.com',
        extra: 'dropped',
      }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    expect(html).toContain('感谢')
    expect(html).toContain('role="status"')
    expect(submitted.at(-1)).toEqual({
      form_id: 'feedback',
      values: { kind: 'bug', content: '搜索页在手机上太窄了', contact: 'me@example.com' },
    })
    expect(hydrationOf(html).loaderData['feedback-sub']).toMatchObject({
      formResult: { formId: 'feedback', outcome: 'sent' },
    })
    // Every configured field renders, and a confirmation leaves the form empty.
    expect(html).toMatch(/<select[^>]*name="kind"/)
    expect(html).toMatch(/<textarea[^>]*name="content"[^>]*><\/textarea>/)
    expect(html).toMatch(/<input[^>]*name="contact"[^>]*value=""/)
  })

  it('answers the list page with the problems, keeping what the visitor typed', async () => {
    const calls = submitted.length
    const response = await site.request('/feedback', {
      ...form({ [FORM_ID_FIELD]: 'feedback', kind: 'request', content: '', contact: 'wx: ada_2025 <b>' }),
    })
    expect(response.status).toBe(422)
    const html = await response.text()
    expect(html).toContain('请填写反馈内容')
    expect(html).toMatch(/<input[^>]*name="contact"[^>]*value="wx: ada_2025 &lt;b&gt;"/)
    expect(html).toMatch(/<option value="request" selected="">/)
    expect(html).toContain('aria-invalid="true"')
    expect(submitted).toHaveLength(calls)
    // The list is still there: it is the same page.
    expect(html).toContain('site-feedback__list')
  })

  it('refuses a value over its maximum length before sending', async () => {
    const calls = submitted.length
    const response = await site.request('/feedback/sub', {
      ...form({ [FORM_ID_FIELD]: 'feedback', content: '字'.repeat(501) }),
    })
    expect(response.status).toBe(422)
    expect(await response.text()).toContain('500')
    expect(submitted).toHaveLength(calls)
  })

  it("shows the upstream's reason for refused input on a land page, keeping the input", async () => {
    const response = await site.request('/', {
      host: 'land.localhost',
      ...form({
        [FORM_ID_FIELD]: 'contact-sales',
        name: 'Ada',
        email: 'not-an-address',
        team_size: 'small',
        interests: ['sso', 'education'],
        message: 'Hello there',
      }),
    })
    expect(response.status).toBe(422)
    const html = await response.text()
    expect(html).toContain('Work e-mail is not a valid e-mail address')
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="not-an-address"/)
    const boxes = html.match(/<input[^>]*name="interests"[^>]*>/g) ?? []
    expect(boxes.filter((tag) => tag.includes('checked=""')).map((tag) => /value="(\w+)"/.exec(tag)?.[1])).toEqual([
      'sso',
      'education',
    ])
  })

  it('confirms a land form with its own result text', async () => {
    const response = await site.request('/', {
      host: 'land.localhost',
      ...form({
        [FORM_ID_FIELD]: 'contact-sales',
        name: 'Ada',
        email: 'ada@example.com',
        team_size: 'small',
        message: 'Hello there',
      }),
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Thanks! We will get back to you within one business day.')
  })

  it('answers with the same Vary as a GET of the page, both depending on the visitor language', async () => {
    const page = await site.request('/feedback')
    await page.text()
    const posted = await site.request('/feedback', {
      ...form({ [FORM_ID_FIELD]: 'feedback', kind: 'request', content: '' }),
    })
    await posted.text()
    expect(posted.status).toBe(422)
    expect(page.headers.get('vary')).toContain('Accept-Language')
    expect(posted.headers.get('vary')).toBe(page.headers.get('vary'))
  })

  it('keeps the input and says so when the upstream fails', async () => {
    submitReply = () => new Response('upstream down', { status: 503 })
    try {
      const response = await site.request('/feedback/sub', {
        ...form({ [FORM_ID_FIELD]: 'feedback', content: '能加个夜间模式吗' }),
      })
      expect(response.status).toBe(502)
      const html = await response.text()
      expect(html).toContain('能加个夜间模式吗</textarea>')
      expect(html).toContain('role="alert"')
      expect(html).not.toContain('upstream down')
    } finally {
      submitReply = null
    }
  })

  it.each([
    ['a page without that form', '/links', form({ [FORM_ID_FIELD]: 'feedback', content: 'x' })],
    ['an unknown form id', '/feedback/sub', form({ [FORM_ID_FIELD]: 'nope', content: 'x' })],
    ['a post without a form id', '/feedback/sub', form({ content: 'x' })],
    [
      'a JSON body',
      '/feedback/sub',
      { method: 'POST', body: '{"content":"x"}', headers: { 'content-type': 'application/json' } },
    ],
  ])('answers 405 for %s', async (_name, path, init) => {
    const response = await site.request(path, init)
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })

  // server/http/same-origin.ts: the same rule as the API proxy's, against the origin the host guard decided.
  it.each<[string, Record<string, string>]>([
    ['another site', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['a sibling tenant', { origin: 'http://land.localhost' }],
    ['another site by its Referer alone', { referer: 'https://evil.example/page' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a post from %s before sending anything', async (_name, headers) => {
    const calls = submitted.length
    const init = form({ [FORM_ID_FIELD]: 'feedback', content: 'x' })
    const response = await site.request('/feedback/sub', { ...init, headers: { ...init.headers, ...headers } })
    expect(response.status).toBe(403)
    expect(submitted).toHaveLength(calls)
  })

  it('takes a post from its own page', async () => {
    const init = form({ [FORM_ID_FIELD]: 'feedback', content: 'x' })
    const response = await site.request('/feedback/sub', {
      ...init,
      headers: { ...init.headers, origin: 'http://res.localhost', referer: 'http://res.localhost/feedback/sub' },
    })
    expect(response.status).toBe(200)
  })
})
