import { describe, expect, it } from 'vitest'
import { useBrowserSite } from '../../test/browser/use-browser-site.ts'

describe('configured forms in a browser', { timeout: 60_000 }, () => {
  const browserSite = useBrowserSite()

  it('sends the feedback form without JavaScript and answers the same page', async () => {
    const context = await browserSite.browser().newContext({ javaScriptEnabled: false, locale: 'zh-CN' })
    const page = await context.newPage()
    const url = browserSite.tenantUrl('res.localhost', '/feedback/sub')
    await page.goto(url)
    await page.getByLabel('反馈类型').selectOption('bug')
    await page.getByLabel('反馈内容').fill('无脚本也能提交反馈')
    await page.getByLabel('联系方式').fill('nojs@example.com')
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST'),
      page.getByRole('button', { name: '提交' }).click(),
    ])
    expect(request.url()).toBe(url)
    await page.waitForLoadState('load')
    expect(page.url()).toBe(url)
    expect(await page.getByRole('status').textContent()).toContain('感谢')
    // The form is empty again after a confirmation.
    expect(await page.getByLabel('反馈内容').inputValue()).toBe('')
    await context.close()
  })

  it('checks the feedback form, keeps the input on problems, then sends it through the API and clears it', async () => {
    const { page, errors } = await browserSite.open('res.localhost', '/feedback/sub', { locale: 'zh-CN' })
    const submits: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') submits.push(new URL(request.url()).pathname)
    })
    await page.getByLabel('联系方式').fill('js@example.com')
    await page.getByRole('button', { name: '提交' }).click()
    // Checked in the browser: nothing is sent, the message says what is missing, the input stays.
    await expect.poll(() => page.getByText('请填写反馈内容').isVisible()).toBe(true)
    expect(await page.getByLabel('反馈内容').evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await page.getByLabel('联系方式').inputValue()).toBe('js@example.com')
    expect(submits).toEqual([])

    await page.getByLabel('反馈内容').fill('希望支持按文件大小筛选')
    await page.getByRole('button', { name: '提交' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toContain('感谢')
    expect(submits).toEqual(['/api/v1/feedback/submit'])
    expect(await page.getByLabel('反馈内容').inputValue()).toBe('')
    expect(page.url()).toBe(browserSite.tenantUrl('res.localhost', '/feedback/sub'))
    expect(errors).toEqual([])
    await page.close()
  })

  it("shows a land form's result in a pop-up and the upstream's reason for refused input", async () => {
    const { page, errors } = await browserSite.open('land.localhost', '/', {
      locale: 'en-US',
      ignoreErrors: /net::ERR_NAME_NOT_RESOLVED/,
    })
    const form = page.locator('form.land-form')
    await form.getByLabel('Your name').fill('Ada')
    await form.getByLabel('Work e-mail').fill('not-an-address')
    await form.getByLabel('Team size').selectOption('small')
    await form.getByLabel('Single sign-on').check()
    await form.getByLabel('Message').fill('We are 12 people.')
    await form.getByRole('button', { name: 'Send message' }).click()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.textContent()).toContain('Work e-mail is not a valid e-mail address')
    await dialog.getByRole('button', { name: 'Close' }).click()
    expect(await form.getByLabel('Message').inputValue()).toBe('We are 12 people.')
    expect(await form.getByLabel('Single sign-on').isChecked()).toBe(true)

    await form.getByLabel('Work e-mail').fill('ada@example.com')
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect.poll(() => dialog.textContent()).toContain('Thanks! We will get back to you within one business day.')
    expect(await form.getByLabel('Your name').inputValue()).toBe('')
    expect(page.url()).not.toContain('Ada')
    expect(errors).toEqual([])
    await page.close()
  })
})
