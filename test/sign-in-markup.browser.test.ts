import { HtmlValidate } from 'html-validate'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import enPage from '../shared/i18n/locales/en.ts'
import enAccount from '../shared/i18n/locales/account/en.ts'
import { useBrowserSite } from './browser/use-browser-site.ts'
import { nuCheck } from './nu-checker.ts'
import type { RenderedPage } from './page-kinds.ts'

const en = { ...enPage, ...enAccount }

// The sign-in dialog is built in the browser, so the server's pages never show it: each of its
// panels, as Chromium has it, through the same two validators as every page kind
// (server/render/markup-validators.process.test.ts, docs/markup.md), set in a minimal document of its own.
const validator = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:a11y', 'html-validate:document'],
})

describe('the sign-in dialog passes html-validate and the Nu HTML Checker in every panel', { timeout: 90_000 }, () => {
  const browserSite = useBrowserSite()
  const dialog = (page: Page) => page.locator('dialog.account-dialog')

  /** The dialog as it is now, alone in a document of the page's language and direction. */
  async function dialogDocument(page: Page): Promise<string> {
    const [lang, dir, markup] = await Promise.all([
      page.evaluate(() => document.documentElement.lang),
      page.evaluate(() => document.documentElement.dir || 'ltr'),
      // Without the toasts' layer, which visits the dialog while it is open: react-toastify's own
      // markup, whose timer is an aria-hidden role="progressbar" even when hidden (docs/markup.md).
      dialog(page).evaluate((element) => {
        const copy = element.cloneNode(true) as HTMLElement
        for (const toasts of copy.querySelectorAll('.toast-host')) toasts.remove()
        return copy.outerHTML
      }),
    ])
    return `<!DOCTYPE html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>Sign in</title></head><body><main><h1>Page</h1></main>${markup}</body></html>`
  }

  it('login, register, code and password reset panels', async () => {
    const { page, errors } = await browserSite.open('land.localhost', '/', {
      locale: 'en-US',
      ignoreErrors: /net::ERR_FAILED|net::ERR_NAME_NOT_RESOLVED/,
      watch: (opened) => void opened.route('https://accounts.google.com/**', (route) => route.abort()),
    })
    const panels = new Map<string, RenderedPage>()
    const keep = async (name: string) =>
      panels.set(name, { status: 200, html: await dialogDocument(page), shape: 'demo' })

    await page.locator('.account-signin').click()
    await dialog(page).getByText(en.googleLoadingFailed).waitFor()
    await keep('login')
    await dialog(page).getByRole('button', { name: en.noAccountRegister }).click()
    await keep('register')
    const email = `markup.${Date.now().toString(36)}@example.com`
    await dialog(page).getByLabel(en.email, { exact: true }).fill(email)
    await dialog(page).getByLabel(en.password, { exact: true }).fill('reader2025')
    await dialog(page).getByLabel(en.confirmPassword, { exact: true }).fill('reader2025')
    await dialog(page).getByRole('button', { name: en.register, exact: true }).click()
    await dialog(page).getByText(en.enterCodeSentTo.replace('{{email}}', email)).waitFor()
    await keep('register_verify')
    await dialog(page).getByRole('button', { name: en.back }).click()
    await dialog(page).getByRole('button', { name: en.haveAccountLogin }).click()
    await dialog(page).getByRole('button', { name: en.forgotPassword }).click()
    await dialog(page).getByRole('heading', { name: en.resetPassword }).waitFor()
    await keep('forget_password')

    expect([...panels.keys()]).toEqual(['login', 'register', 'register_verify', 'forget_password'])
    const nu = await nuCheck(panels)
    for (const [name, { html }] of panels) {
      const report = await validator.validateString(html)
      const messages = report.results
        .flatMap((result) => result.messages)
        .map((message) => `${message.ruleId}: ${message.message}`)
      expect({ name, messages, nu: nu.get(name) }).toEqual({ name, messages: [], nu: [] })
    }
    expect(errors).toEqual([])
    await page.close()
  })
})
