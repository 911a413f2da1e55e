import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createCapturingLogger } from '../server/demo-api/demo-api.test-helper.ts'
import { DEMO_ACCOUNT } from '../server/demo-api/data/index.ts'
import { FORCED_ERR_MSG } from '../server/demo-api/forced-answers.ts'
import { useBrowserSite } from './browser/use-browser-site.ts'
import { distDir } from './harness.ts'
import enPage from '../shared/i18n/locales/en.ts'
import enAccount from '../shared/i18n/locales/account/en.ts'
import zhPage from '../shared/i18n/locales/zh.ts'
import zhAccount from '../shared/i18n/locales/account/zh.ts'
import { USER_STORAGE_KEY } from '../shared/account/stored-user.ts'

const en = { ...enPage, ...enAccount }
const zh = { ...zhPage, ...zhAccount }

// Visitor accounts in Chromium against the demo API (SPEC §2, §4, §5, §8): every panel, outcome and
// message, the lazy dialog chunk, keyboard use. Verification codes are read from the demo's log.
describe('sign-in dialog in a browser', { timeout: 90_000 }, () => {
  const { log, lines } = createCapturingLogger()
  const browserSite = useBrowserSite({ log })
  let counter = 0
  const freshEmail = (label: string) => `${label}.${Date.now().toString(36)}.${counter++}@example.com`

  function loggedCode(email: string): string {
    const line = [...lines].reverse().find((entry) => entry.email === email && typeof entry.code === 'string')
    if (!line) throw new Error(`no code logged for ${email}`)
    return String(line.code)
  }

  /** Opens a page with Google's script unreachable (this network has no internet), unless `google` serves it. */
  async function open(
    host: string,
    path = '/',
    options: { locale?: string; google?: (page: Page) => Promise<void> } = {},
  ) {
    const requests: string[] = []
    const opened = await browserSite.open(host, path, {
      locale: options.locale ?? (host === 'res.localhost' ? 'zh-CN' : 'en-US'),
      ignoreErrors: /net::ERR_FAILED|net::ERR_NAME_NOT_RESOLVED/,
      watch: (page) => {
        page.on('request', (request) => requests.push(request.url()))
        void (options.google
          ? options.google(page)
          : page.route('https://accounts.google.com/**', (route) => route.abort()))
      },
    })
    return { ...opened, requests }
  }

  const dialog = (page: Page) => page.getByRole('dialog').and(page.locator('.account-dialog'))
  const toast = (page: Page, text: string) => page.locator('.Toastify__toast', { hasText: text })

  async function openDialog(page: Page) {
    await page.locator('.account-signin').click()
    await dialog(page).waitFor()
  }

  async function fill(page: Page, label: string, value: string) {
    await dialog(page).getByLabel(label, { exact: true }).fill(value)
  }

  async function typeCode(page: Page, code: string) {
    await dialog(page).getByLabel('Digit 1 of 6').focus()
    await page.keyboard.type(code)
  }

  async function signIn(page: Page, email: string, password: string) {
    await openDialog(page)
    await fill(page, en.email, email)
    await fill(page, en.password, password)
    await Promise.all([
      page.waitForEvent('load'),
      dialog(page).getByRole('button', { name: en.login, exact: true }).click(),
    ])
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  }

  it('loads the dialog chunk only when the control is used, and Google and toasts only with the dialog', async () => {
    const { page, errors, requests } = await open('land.localhost')
    const firstLoad = [...requests]
    expect(firstLoad.some((url) => url.includes('accounts.google.com'))).toBe(false)
    const scriptsBefore = new Set(firstLoad.filter((url) => url.endsWith('.js')))
    await page.locator('.account-signin').hover()
    await expect
      .poll(() => requests.filter((url) => url.endsWith('.js') && !scriptsBefore.has(url)).length)
      .toBeGreaterThan(0)
    expect(await dialog(page).count()).toBe(0)
    await page.locator('.account-signin').click()
    await expect.poll(() => dialog(page).isVisible()).toBe(true)
    await expect.poll(() => requests.some((url) => url.startsWith('https://accounts.google.com/gsi/client'))).toBe(true)
    await expect.poll(() => dialog(page).getByText(en.googleLoadingFailed).isVisible()).toBe(true)
    expect(await page.locator('.Toastify').count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('loads the stored user and its menu only for a visitor who is, or becomes, signed in', async () => {
    const manifest = JSON.parse(readFileSync(path.join(distDir(), 'client', 'manifest.json'), 'utf8')) as {
      lazy: Record<string, { file: string }>
    }
    const session = manifest.lazy['account-session']!.file
    const { page, errors, requests } = await open('land.localhost')
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    expect(requests.some((url) => url.endsWith(session))).toBe(false)
    await openDialog(page)
    expect(requests.some((url) => url.endsWith(session))).toBe(true)
    expect(errors).toEqual([])
    await page.close()
  })

  it('shows the control busy while the code of the dialog is on its way, and opens the dialog on that one click', async () => {
    const { page, errors } = await open('land.localhost')
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/*.js', async (route) => {
      await held
      await route.continue()
    })
    await page.locator('.account-signin').click()
    await expect.poll(() => page.locator('.account-signin').getAttribute('aria-busy')).toBe('true')
    expect(await dialog(page).count()).toBe(0)
    release()
    // The held scripts (the dialog's code and strings) all arrive at once: on a busy machine that takes a while.
    await expect.poll(() => dialog(page).isVisible(), { timeout: 20_000 }).toBe(true)
    expect(await page.locator('.account-signin').getAttribute('aria-busy')).toBeNull()
    expect(errors).toEqual([])
    await page.close()
  })

  it('is used with the keyboard: focus kept inside, Escape closes, focus back on the control', async () => {
    const { page, errors } = await open('land.localhost')
    await page.locator('.account-signin').focus()
    await page.keyboard.press('Enter')
    await dialog(page).waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email')
    const inside = () =>
      page.evaluate(() => document.querySelector('.account-dialog')?.contains(document.activeElement) === true)
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await inside()).toBe(true)
    }
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await inside()).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('.account-dialog').count()).toBe(0)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('account-signin')))
      .toBe(true)
    // The close button too, and the dialog opens again.
    await page.keyboard.press('Enter')
    await dialog(page).waitFor()
    await dialog(page).getByRole('button', { name: en.close }).click()
    await expect.poll(() => page.locator('.account-dialog').count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('registers with the logged code, signs in, keeps the user over a reload and signs out', async () => {
    const { page, errors } = await open('land.localhost')
    const slot = () => page.locator('.account-control').boundingBox()
    const signedOutBox = await slot()
    const email = freshEmail('reader')
    await openDialog(page)
    await dialog(page).getByRole('button', { name: en.noAccountRegister }).click()
    await fill(page, en.email, email)
    await fill(page, en.password, 'reader2025')
    await fill(page, en.confirmPassword, 'reader2025')
    await dialog(page).getByRole('button', { name: en.register, exact: true }).click()
    await dialog(page).getByText(en.enterCodeSentTo.replace('{{email}}', email)).waitFor()
    await toast(page, en.codeSent).waitFor()
    // An incomplete code is refused before any call.
    await typeCode(page, '12')
    await dialog(page).getByRole('button', { name: en.register, exact: true }).click()
    await dialog(page).getByText(en.pleaseEnterTheFullVerificationCode).waitFor()
    // Backspace walks back through the boxes.
    await page.keyboard.press('Backspace')
    await page.keyboard.press('Backspace')
    await page.keyboard.press('Backspace')
    expect(
      await dialog(page)
        .locator('.account-code__box')
        .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value).join('')),
    ).toBe('')
    await typeCode(page, loggedCode(email))
    await dialog(page).getByRole('button', { name: en.register, exact: true }).click()
    await toast(page, en.registerSuccessfullyPleaseSignInNow).waitFor()
    // Back on the login form, the address kept.
    expect(await dialog(page).getByLabel(en.email, { exact: true }).inputValue()).toBe(email)
    await fill(page, en.password, 'reader2025')
    await Promise.all([
      page.waitForEvent('load'),
      dialog(page).getByRole('button', { name: en.login, exact: true }).click(),
    ])
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')

    const menu = page.locator('.account-menu summary')
    await menu.waitFor()
    // The user takes the sign-in control's box: nothing in the header moves.
    expect(await slot()).toEqual(signedOutBox)
    expect(await menu.getAttribute('aria-label')).toBe(en.signedInAs.replace('{{name}}', email.split('@')[0]!))
    const stored = JSON.parse(
      (await page.evaluate((key) => localStorage.getItem(key), USER_STORAGE_KEY)) ?? 'null',
    ) as Record<string, unknown>
    expect(stored).toMatchObject({ email })
    expect(stored).not.toHaveProperty('token')
    const cookies = await page.context().cookies()
    expect(cookies.find((cookie) => cookie.name === 'api_demo_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/',
    })

    await page.reload()
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await menu.waitFor()
    await menu.click()
    await page.getByRole('button', { name: en.logout }).click()
    await page.locator('.account-signin').waitFor()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.classList.contains('account-signin')))
      .toBe(true)
    expect(await page.evaluate((key) => localStorage.getItem(key), USER_STORAGE_KEY)).toBeNull()
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'api_demo_session')).toBe(false)
    expect(errors).toEqual([])
    await page.close()
  })

  it('removes a stored token on load and ignores stored junk', async () => {
    const { page, errors } = await open('land.localhost')
    await page.evaluate(
      (key) =>
        localStorage.setItem(
          key,
          JSON.stringify({
            user_id: 'u9',
            email: 'a@b.co',
            nick_name: 'Ada',
            avatar: 'javascript:alert(1)',
            token: 'secret',
          }),
        ),
      USER_STORAGE_KEY,
    )
    await page.reload()
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.locator('.account-menu').waitFor()
    expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), USER_STORAGE_KEY)) ?? '{}')).toEqual({
      user_id: 'u9',
      email: 'a@b.co',
      nick_name: 'Ada',
      avatar: 'javascript:alert(1)',
    })
    expect(await page.locator('.account-menu img').count()).toBe(0)
    await page.evaluate((key) => localStorage.setItem(key, '{"not":"a user"'), USER_STORAGE_KEY)
    await page.reload()
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.locator('.account-signin').waitFor()
    // The stored value is read by the account code, which loads after hydration when a value is there.
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), USER_STORAGE_KEY)).toBeNull()
    expect(errors).toEqual([])
    await page.close()
  })

  it('follows sign-in and sign-out in another document of the site', async () => {
    const { page, errors } = await open('land.localhost')
    // Another document of the same origin (as another tab would be): its storage changes reach this page as events.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const frame = document.createElement('iframe')
          frame.src = '/healthz'
          frame.onload = () => resolve()
          document.body.append(frame)
        }),
    )
    const other = page.frames()[1]!
    await other.evaluate(
      (key) =>
        localStorage.setItem(
          key,
          JSON.stringify({ user_id: 'u7', email: 'tab@example.com', nick_name: 'Tab', avatar: '' }),
        ),
      USER_STORAGE_KEY,
    )
    await page.locator('.account-menu').waitFor()
    await other.evaluate((key) => localStorage.removeItem(key), USER_STORAGE_KEY)
    await page.locator('.account-signin').waitFor()
    expect(errors).toEqual([])
    await page.close()
  })

  it('resets a password with the logged code, in the order of the rules', async () => {
    const { page: land, errors: landErrors } = await open('land.localhost')
    await openDialog(land)
    await dialog(land).getByRole('button', { name: en.forgotPassword }).click()
    await dialog(land).getByRole('heading', { name: en.resetPassword }).waitFor()
    const submit = dialog(land).getByRole('button', { name: en.resetPassword })
    await fill(land, en.email, 'not-an-email')
    await dialog(land).getByRole('button', { name: en.sendCode }).click()
    await toast(land, en.invalidEmail).waitFor()
    const emailInput = dialog(land).getByLabel(en.email, { exact: true })
    expect(await emailInput.getAttribute('aria-invalid')).toBe('true')
    expect(await land.locator(`#${await emailInput.getAttribute('aria-describedby')}`).textContent()).toBe(
      en.invalidEmail,
    )

    await fill(land, en.email, DEMO_ACCOUNT.email)
    await submit.click()
    await dialog(land).getByText(en.pleaseGetTheCaptchaFirst).waitFor()
    await dialog(land).getByRole('button', { name: en.sendCode }).click()
    await toast(land, en.codeSent).waitFor()
    await dialog(land)
      .getByRole('button', { name: /^Resend in \d+ s$/ })
      .waitFor()
    await submit.click()
    await dialog(land).getByText(en.pleaseEnterTheCaptcha).waitFor()
    const codeInput = dialog(land).getByLabel(en.verificationCode, { exact: true })
    expect(await codeInput.getAttribute('maxlength')).toBe('6')
    await codeInput.fill('000000')
    await submit.click()
    await dialog(land).getByText(en.pleaseEnterTheNewPassword).waitFor()
    await fill(land, en.newPassword, 'short')
    await submit.click()
    await dialog(land).getByText(en.passwordInvalid).waitFor()
    await fill(land, en.newPassword, 'renewed2025')
    await submit.click()
    await dialog(land).getByText(en.pleaseConfirmThePassword).waitFor()
    await fill(land, en.confirmPassword, 'renewed2026')
    await submit.click()
    await dialog(land).getByText(en.confirmPasswordErrorTips).waitFor()
    await fill(land, en.confirmPassword, 'renewed2025')
    const code = loggedCode(DEMO_ACCOUNT.email)
    await codeInput.fill(code === '000000' ? '111111' : '000000')
    await submit.click()
    await toast(land, en.pwdUpdateFail).waitFor()
    await codeInput.fill(code)
    await submit.click()
    await toast(land, en.pwdUpdateSucSignInNow).waitFor()
    await dialog(land).getByRole('heading', { name: en.login }).waitFor()
    await land.keyboard.press('Escape')
    await expect.poll(() => land.locator('.account-dialog').count()).toBe(0)
    await signIn(land, DEMO_ACCOUNT.email, 'renewed2025')
    await land.locator('.account-menu').waitFor()
    expect(landErrors).toEqual([])
    await land.close()
  })

  it('shows every sign-in refusal as the spec says', async () => {
    const { page, errors, requests } = await open('land.localhost')
    await openDialog(page)
    const loginButton = dialog(page).getByRole('button', { name: en.login, exact: true })
    // Validation first, beside the field.
    await fill(page, en.email, 'bad@')
    await loginButton.click()
    await dialog(page).getByText(en.invalidEmail).waitFor()
    // 911: on the password field.
    await fill(page, en.email, 'nobody-here@example.com')
    await fill(page, en.password, 'whatever2025')
    await loginButton.click()
    const password = dialog(page).getByLabel(en.password, { exact: true })
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator(`#${await password.getAttribute('aria-describedby')}`).textContent()).toBe(
      en.loginFailedPleaseRegister,
    )
    // 914 and any other status: toasts.
    await fill(page, en.email, DEMO_ACCOUNT.email)
    await fill(page, en.password, 'wrong2025x')
    const scriptsBefore = new Set(requests.filter((url) => url.endsWith('.js')))
    await loginButton.click()
    await toast(page, en.loginFailedWarnLoginInfo).waitFor()
    // The toast library came with the first toast; SPEC §9: top-right, no progress bar, closes on click.
    expect(requests.filter((url) => url.endsWith('.js') && !scriptsBefore.has(url)).length).toBeGreaterThan(0)
    expect(await page.locator('.Toastify__toast-container--top-right').count()).toBe(1)
    // The bar still times the toast; it is only drawn when not hidden.
    expect(await page.locator('.Toastify__progress-bar--wrp:not([data-hidden="true"])').count()).toBe(0)
    expect(await page.locator('.Toastify__progress-bar--wrp[data-hidden="true"]').count()).toBe(1)
    await toast(page, en.loginFailedWarnLoginInfo).click()
    await expect.poll(() => toast(page, en.loginFailedWarnLoginInfo).count()).toBe(0)
    await fill(page, en.email, 'login-500@errors.demo')
    await loginButton.click()
    await toast(page, en.loginFailed).waitFor()
    expect(await page.locator('.loading-overlay').count()).toBe(0)
    expect(await page.evaluate((key) => localStorage.getItem(key), USER_STORAGE_KEY)).toBeNull()
    expect(errors).toEqual([])
    await page.close()
  })

  it('shows every sign-up and code refusal as the spec says', async () => {
    const { page, errors } = await open('land.localhost')
    await openDialog(page)
    await dialog(page).getByRole('button', { name: en.noAccountRegister }).click()
    const registerButton = dialog(page).getByRole('button', { name: en.register, exact: true })
    const register = async (email: string) => {
      await fill(page, en.email, email)
      await registerButton.click()
    }
    // The rules in order: e-mail, password, confirmation.
    await register('nope')
    await dialog(page).getByText(en.invalidEmail).waitFor()
    await fill(page, en.password, 'abcdefgh')
    await register('someone@example.com')
    await dialog(page).getByText(en.passwordInvalid).waitFor()
    await fill(page, en.password, 'abcd1234')
    await fill(page, en.confirmPassword, 'abcd12345')
    await register('someone@example.com')
    await dialog(page).getByText(en.confirmPasswordErrorTips).waitFor()
    await fill(page, en.confirmPassword, 'abcd1234')
    // Code refusals: 1132, 903 with and without err_msg, another status.
    await register('send-1132@errors.demo')
    await toast(page, en.sendFailConnectWebmaster).waitFor()
    await register('send-903@errors.demo')
    await toast(page, FORCED_ERR_MSG).waitFor()
    await page.locator('.Toastify__toast').first().waitFor()
    await register('send-903-plain@errors.demo')
    await expect.poll(() => toast(page, en.sendFailConnectWebmaster).count()).toBe(2)
    await register('send-500@errors.demo')
    await expect.poll(() => toast(page, en.sendFailConnectWebmaster).count()).toBe(3)
    // 903 from the demo itself: the address already has an account.
    await register(DEMO_ACCOUNT.email)
    await dialog(page)
      .getByText(en.enterCodeSentTo.split('{{')[0]!)
      .count()
      .then((count) => expect(count).toBe(0))

    // A wrong code: registerFailedPleaseTryAgainLater, the panel stays.
    const wrong = freshEmail('wrong')
    await register(wrong)
    await dialog(page).getByText(en.enterCodeSentTo.replace('{{email}}', wrong)).waitFor()
    const code = loggedCode(wrong)
    await typeCode(page, code === '000000' ? '111111' : '000000')
    await registerButton.click()
    await toast(page, en.registerFailedPleaseTryAgainLater).waitFor()
    // Pasting strips blanks and keeps six.
    await dialog(page).getByLabel('Digit 1 of 6').focus()
    await page.evaluate(() => {
      const data = new DataTransfer()
      data.setData('text/plain', ' 12 34\n5678 ')
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      )
    })
    await expect
      .poll(() =>
        dialog(page)
          .locator('.account-code__box')
          .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value).join('')),
      )
      .toBe('123456')
    // Back returns to the form; the countdown is still running for that address.
    await dialog(page).getByRole('button', { name: en.back }).click()
    await dialog(page).getByRole('heading', { name: en.register }).waitFor()

    // 910: already registered, back to the login panel.
    const taken = 'register-910@errors.demo'
    await fill(page, en.email, taken)
    await registerButton.click()
    await dialog(page).getByText(en.enterCodeSentTo.replace('{{email}}', taken)).waitFor()
    await typeCode(page, loggedCode(taken))
    await registerButton.click()
    await toast(page, en.registerAlreadySingInNow).waitFor()
    await dialog(page).getByRole('heading', { name: en.login }).waitFor()
    expect(errors).toEqual([])
    await page.close()
  })

  it('shows the overlay while a sign-in call is in flight, and errors in the page language', async () => {
    const { page, errors } = await open('res.localhost')
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/v1/user/login', async (route) => {
      await held
      await route.continue()
    })
    await page.locator('.account-signin').click()
    await dialog(page).waitFor()
    await dialog(page).getByLabel(zh.email, { exact: true }).fill('bad')
    await dialog(page).getByRole('button', { name: zh.login, exact: true }).click()
    await dialog(page).getByText(zh.invalidEmail).waitFor()
    await dialog(page).getByLabel(zh.email, { exact: true }).fill(DEMO_ACCOUNT.email)
    await dialog(page).getByLabel(zh.password, { exact: true }).fill('wrong2025x')
    await dialog(page).getByRole('button', { name: zh.login, exact: true }).click()
    await page.getByTestId('loading-overlay').waitFor()
    // Drawn above the dialog (which is in the top layer), so the form cannot be sent twice.
    const covered = await dialog(page)
      .getByRole('button', { name: zh.login, exact: true })
      .evaluate((button) => {
        const box = button.getBoundingClientRect()
        return (
          document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('.loading-overlay') !== null
        )
      })
    expect(covered).toBe(true)
    release()
    await toast(page, zh.loginFailedWarnLoginInfo).waitFor()
    expect(await page.getByTestId('loading-overlay').count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('says in the page language when the server counts too many attempts (429)', async () => {
    const { page, errors } = await open('res.localhost')
    // The same-origin API's answer over a sign-in limit (server/api-proxy/api-proxy.ts).
    const refused = JSON.stringify({
      status: 429,
      info: 'Too many attempts, please try again later',
      data: { retry_after: 3600 },
    })
    await page.route(/\/api\/v1\/(user\/login|send_email)$/, (route) =>
      route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '3600' },
        body: refused,
      }),
    )
    await openDialog(page)
    await dialog(page).getByLabel(zh.email, { exact: true }).fill(DEMO_ACCOUNT.email)
    await dialog(page).getByLabel(zh.password, { exact: true }).fill(DEMO_ACCOUNT.password)
    await dialog(page).getByRole('button', { name: zh.login, exact: true }).click()
    await toast(page, zh.tooManyAttempts).waitFor()
    expect(await page.getByTestId('loading-overlay').count()).toBe(0)
    // Asking for a sign-up code: the same message, and the form stays where it was.
    await dialog(page).getByRole('button', { name: zh.noAccountRegister }).click()
    await dialog(page).getByLabel(zh.email, { exact: true }).fill(freshEmail('limited'))
    await dialog(page).getByLabel(zh.password, { exact: true }).fill('abcd1234')
    await dialog(page).getByLabel(zh.confirmPassword, { exact: true }).fill('abcd1234')
    await dialog(page).getByRole('button', { name: zh.register, exact: true }).click()
    await expect.poll(() => toast(page, zh.tooManyAttempts).count()).toBe(2)
    expect(await dialog(page).getByRole('button', { name: zh.register, exact: true }).count()).toBe(1)
    // Chromium logs each refused call; nothing else went wrong.
    expect(errors.filter((error) => !error.includes('status of 429 (Too Many Requests)'))).toEqual([])
    await page.close()
  })

  it('signs in with Google through the same-origin API, and does nothing on a refused credential', async () => {
    const payload = Buffer.from(
      JSON.stringify({ email: 'grace@example.com', email_verified: true, name: 'Grace' }),
    ).toString('base64url')
    const good = `eyJhbGciOiJSUzI1NiJ9.${payload}.c2ln`
    // A stand-in for Google's script (this network cannot reach Google): its button hands over a credential.
    const fakeGsi = (credential: string) => `
      window.google = { accounts: { id: {
        initialize(config) { window.__gsi = config },
        renderButton(element) {
          const button = document.createElement('button')
          button.type = 'button'
          button.textContent = 'Sign in with Google (test)'
          button.onclick = () => window.__gsi.callback({ credential: ${JSON.stringify(credential)}, select_by: 'btn' })
          element.append(button)
        },
        prompt() {}, cancel() {}, disableAutoSelect() {},
      } } }`
    const serve = (credential: string) => async (page: Page) => {
      await page.route('https://accounts.google.com/**', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: fakeGsi(credential) }),
      )
    }

    const refused = await open('land.localhost', '/', { google: serve('not-a-jwt') })
    await openDialog(refused.page)
    await refused.page.getByRole('button', { name: 'Sign in with Google (test)' }).click()
    await expect.poll(() => refused.page.locator('.loading-overlay').count()).toBe(0)
    expect(await dialog(refused.page).isVisible()).toBe(true)
    expect(await refused.page.evaluate((key) => localStorage.getItem(key), USER_STORAGE_KEY)).toBeNull()
    expect(refused.errors).toEqual([])
    await refused.page.close()

    const { page, errors } = await open('land.localhost', '/', { google: serve(good) })
    await openDialog(page)
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Sign in with Google (test)' }).click(),
    ])
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await expect
      .poll(() => page.locator('.account-menu summary').getAttribute('aria-label'))
      .toBe(en.signedInAs.replace('{{name}}', 'Grace'))
    expect(errors).toEqual([])
    await page.close()
  })
})
