import { describe, expect, it } from 'vitest'
import { DEMO_ACCOUNT } from '../data/index.ts'
import { callApi, createCapturingLogger, createTestApi, fakeGoogleToken } from '../demo-api.test-helper.ts'
import { createDemoApi } from '../app.ts'
import { FORCED_ERR_MSG, forcedAnswer } from '../forced-answers.ts'

const HOST = 'res.localhost'

/** A clock the test moves by hand. */
function createClock(start = Date.UTC(2025, 5, 1, 12)) {
  let now = start
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms
    },
  }
}

function loggedCode(lines: Record<string, unknown>[], email: string): string {
  const line = [...lines].reverse().find((l) => l.email === email && typeof l.code === 'string')
  if (!line) throw new Error(`no code logged for ${email}`)
  return String(line.code)
}

describe('register, sign in and write a post', () => {
  it('sends a code to the log, registers with it, signs in with a cookie and posts with that cookie', async () => {
    const clock = createClock()
    const { log, lines } = createCapturingLogger()
    const api = createDemoApi({ log, now: clock.now })
    const email = 'new.reader@example.com'

    const sent = await callApi(api, HOST, '/v1/send_email', { email, code_type: 0 }, { 'Site-Id': 'site-res' })
    expect(sent.body).toEqual({ status: 0, info: 'success', data: null })
    const code = loggedCode(lines, email)
    expect(code).toMatch(/^\d{6}$/)

    const wrong = await callApi(api, HOST, '/v1/user/register', {
      avatar: '',
      nick_name: '',
      email,
      password: 'reader2025',
      send_code: code === '000000' ? '111111' : '000000',
    })
    expect(wrong.body.status).not.toBe(0)
    const registered = await callApi(api, HOST, '/v1/user/register', {
      avatar: '',
      nick_name: '',
      email,
      password: 'reader2025',
      send_code: code,
    })
    expect(registered.body).toEqual({ status: 0, info: 'success', data: null })

    const login = await callApi(api, HOST, '/v1/user/login', { email, password: 'reader2025' })
    expect(login.body.status).toBe(0)
    expect(login.body.data).toMatchObject({
      email,
      nick_name: 'new.reader',
      user_id: expect.any(String),
      avatar: 'http://demo-api.test/media/avatar/new.reader.svg',
    })
    const setCookie = login.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^demo_session=[^;]+/)
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/Path=\//)
    const cookie = setCookie.split(';')[0] ?? ''

    const post = {
      title: 'My first note',
      content: 'Hello there, this is my first post on the site.',
      category_id: 'guide',
      tags: ['hello'],
    }
    const anonymous = await callApi(api, HOST, '/v1/post/create', post)
    expect(anonymous.http).toBe(401)
    expect(anonymous.body).toEqual({ status: 401, info: '身份信息验证失败', data: null })
    const forged = await callApi(api, HOST, '/v1/post/create', post, { cookie: 'demo_session=forged' })
    expect(forged.http).toBe(401)
    const otherSite = await callApi(
      api,
      'land.localhost',
      '/v1/post/create',
      { ...post, category_id: 'stories' },
      { cookie },
    )
    expect(otherSite.http).toBe(401)

    const created = await callApi(api, HOST, '/v1/post/create', post, { cookie })
    expect(created.http).toBe(200)
    expect(created.body.data).toMatchObject({
      title: 'My first note',
      path: expect.stringMatching(/^my-first-note-p\d+$/),
      author: { nick_name: 'new.reader' },
      category: { id: 'guide' },
    })
    const fetched = await callApi(api, HOST, '/v1/post/get', { id: created.body.data.id })
    expect(fetched.body.data.content).toBe(post.content)

    clock.advance(8 * 24 * 3600_000) // sessions last seven days
    expect((await callApi(api, HOST, '/v1/post/create', post, { cookie })).http).toBe(401)
  })

  it('resets a password with a reset code', async () => {
    const clock = createClock()
    const { log, lines } = createCapturingLogger()
    const api = createDemoApi({ log, now: clock.now })
    const sent = await callApi(api, HOST, '/v1/send_email', { email: DEMO_ACCOUNT.email, code_type: 1 })
    expect(sent.body.status).toBe(0)
    const code = loggedCode(lines, DEMO_ACCOUNT.email)
    const updated = await callApi(api, HOST, '/v1/user/update_password', {
      email: DEMO_ACCOUNT.email,
      send_code: code,
      password: 'fresh2025x',
    })
    expect(updated.body.status).toBe(0)
    expect(
      (await callApi(api, HOST, '/v1/user/login', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })).body
        .status,
    ).toBe(914)
    expect(
      (await callApi(api, HOST, '/v1/user/login', { email: DEMO_ACCOUNT.email, password: 'fresh2025x' })).body.status,
    ).toBe(0)
    // A code is single use.
    const reused = await callApi(api, HOST, '/v1/user/update_password', {
      email: DEMO_ACCOUNT.email,
      send_code: code,
      password: 'again2025x',
    })
    expect(reused.body.status).not.toBe(0)
  })
})

describe('refusals', () => {
  it('911 when no account uses the e-mail', async () => {
    const answer = await callApi(createTestApi(), HOST, '/v1/user/login', {
      email: 'nobody@example.com',
      password: 'whatever1',
    })
    expect(answer.body).toMatchObject({ status: 911, data: null })
    expect(answer.headers.get('set-cookie')).toBeNull()
  })

  it('914 for a wrong password', async () => {
    const answer = await callApi(createTestApi(), HOST, '/v1/user/login', {
      email: DEMO_ACCOUNT.email,
      password: 'wrong-password1',
    })
    expect(answer.body.status).toBe(914)
  })

  it('signs in the demo account on every site', async () => {
    const api = createTestApi()
    for (const host of ['res.localhost', 'land.localhost', 'nav.localhost']) {
      expect(
        (await callApi(api, host, '/v1/user/login', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }))
          .body.status,
      ).toBe(0)
    }
  })

  it('910 when registering an e-mail that already has an account', async () => {
    const answer = await callApi(createTestApi(), HOST, '/v1/user/register', {
      avatar: '',
      nick_name: '',
      email: DEMO_ACCOUNT.email,
      password: 'another2025',
      send_code: '123456',
    })
    expect(answer.body.status).toBe(910)
  })

  it('1132 when a code is asked for again within 60 s, accepted after', async () => {
    const clock = createClock()
    const api = createTestApi({ now: clock.now })
    const ask = () => callApi(api, HOST, '/v1/send_email', { email: 'fast@example.com', code_type: 0 })
    expect((await ask()).body.status).toBe(0)
    clock.advance(59_000)
    expect((await ask()).body.status).toBe(1132)
    clock.advance(1_000)
    expect((await ask()).body.status).toBe(0)
  })

  it('903 with data.err_msg for a reset code to an unknown e-mail', async () => {
    const answer = await callApi(createTestApi(), HOST, '/v1/send_email', { email: 'ghost@example.com', code_type: 1 })
    expect(answer.body.status).toBe(903)
    expect(answer.body.data.err_msg).toEqual(expect.any(String))
  })

  it('903 for a register code to an e-mail that already has an account', async () => {
    const answer = await callApi(createTestApi(), HOST, '/v1/send_email', { email: DEMO_ACCOUNT.email, code_type: 0 })
    expect(answer.body.status).toBe(903)
    expect(answer.body.data.err_msg).toMatch(/already registered/)
  })

  it('refuses a Site-Id that names another site', async () => {
    const answer = await callApi(
      createTestApi(),
      HOST,
      '/v1/send_email',
      { email: 'x@example.com', code_type: 0 },
      { 'Site-Id': 'site-nav' },
    )
    expect(answer.body.status).toBe(100)
  })

  it('refuses a password that breaks the rules with status 100', async () => {
    const answer = await callApi(createTestApi(), HOST, '/v1/user/register', {
      avatar: '',
      nick_name: '',
      email: 'a@example.com',
      password: 'short1',
      send_code: '123456',
    })
    expect(answer.body.status).toBe(100)
    expect(answer.body.info).toMatch(/password/)
  })
})

describe('third_party_login', () => {
  const LAND = 'land.localhost'
  const nowS = Math.floor(Date.UTC(2025, 5, 1) / 1000)
  const api = createTestApi({ now: () => nowS * 1000 })

  it('signs in with the e-mail of a Google ID token and sets the session cookie', async () => {
    const credential = fakeGoogleToken({
      iss: 'https://accounts.google.com',
      email: 'Ada@Example.com',
      email_verified: true,
      name: 'Ada',
      exp: nowS + 3600,
    })
    const first = await callApi(api, LAND, '/v1/third_party_login', { credential })
    expect(first.body.status).toBe(0)
    expect(first.body.data).toMatchObject({ email: 'ada@example.com', nick_name: 'Ada' })
    expect(first.headers.get('set-cookie')).toMatch(/demo_session=.+HttpOnly/i)
    const again = await callApi(api, LAND, '/v1/third_party_login', { credential })
    expect(again.body.data.user_id).toBe(first.body.data.user_id)
    const cookie = (again.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const post = await callApi(
      api,
      LAND,
      '/v1/post/create',
      { title: 'Hello', content: 'Writing from a Google account.', category_id: 'stories', tags: [] },
      { cookie },
    )
    expect(post.body.status).toBe(0)
  })

  it.each([
    ['garbage', 'not-a-token'],
    ['a JWT without e-mail', fakeGoogleToken({ sub: '42' })],
    ['an expired token', fakeGoogleToken({ email: 'old@example.com', exp: nowS - 10 })],
    ['an unverified e-mail', fakeGoogleToken({ email: 'u@example.com', email_verified: false })],
    ['a payload that is not JSON', 'aGVhZA.bm90IGpzb24.c2ln'],
  ])('refuses %s with a non-zero status', async (_name, credential) => {
    const answer = await callApi(api, LAND, '/v1/third_party_login', { credential })
    expect(answer.body.status).not.toBe(0)
    expect(answer.headers.get('set-cookie')).toBeNull()
  })

  it('is refused on a site without Google sign-in', async () => {
    const answer = await callApi(api, HOST, '/v1/third_party_login', {
      credential: fakeGoogleToken({ email: 'a@example.com' }),
    })
    expect(answer.body.status).toBe(100)
  })
})

describe('reserved addresses force a refusal', () => {
  it.each([
    ['/v1/user/login', { email: 'login-911@errors.demo', password: 'whatever1' }, 911, null],
    ['/v1/user/login', { email: 'login-914@errors.demo', password: 'whatever1' }, 914, null],
    ['/v1/user/login', { email: 'login-500@errors.demo', password: 'whatever1' }, 500, null],
    [
      '/v1/user/register',
      { email: 'register-910@errors.demo', password: 'reader2025', send_code: '123456' },
      910,
      null,
    ],
    [
      '/v1/user/register',
      { email: 'register-500@errors.demo', password: 'reader2025', send_code: '123456' },
      500,
      null,
    ],
    ['/v1/send_email', { email: 'send-1132@errors.demo', code_type: 0 }, 1132, null],
    ['/v1/send_email', { email: 'send-903@errors.demo', code_type: 1 }, 903, { err_msg: FORCED_ERR_MSG }],
    ['/v1/send_email', { email: 'send-903-plain@errors.demo', code_type: 0 }, 903, null],
    ['/v1/send_email', { email: 'send-500@errors.demo', code_type: 0 }, 500, null],
  ])('%s %j answers %i', async (path, body, status, data) => {
    const answer = await callApi(createTestApi(), HOST, path, body)
    expect(answer.body).toMatchObject({ status, data })
  })

  it('lets a register-forced address ask for its code, which is logged', async () => {
    const { log, lines } = createCapturingLogger()
    const api = createDemoApi({ log })
    const sent = await callApi(api, HOST, '/v1/send_email', { email: 'register-910@errors.demo', code_type: 0 })
    expect(sent.body.status).toBe(0)
    expect(loggedCode(lines, 'register-910@errors.demo')).toMatch(/^\d{6}$/)
  })

  it.each([
    ['login', 'register-910@errors.demo'],
    ['send', 'login-911@errors.demo'],
    ['login', 'login-0@errors.demo'],
    ['login', 'login-911@example.com'],
    ['login', 'xlogin-911@errors.demo'],
  ] as const)('%s with %s is not forced', (call, email) => {
    expect(forcedAnswer(call, email)).toBeNull()
  })
})
