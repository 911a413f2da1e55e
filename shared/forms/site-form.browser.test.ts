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
    const [request] = await Promise.all([page.waitForRequest((r) => r.method() === 'POST'), page.getByRole('button', { name: '提交' }).click()])
    expect(request.url()).toBe(url)
    await page.waitForLoadState('load')
    expect(page.url()).toBe(url)
    expect(await page.getByRole('status').textContent()).toContain('感谢')
    // The form is empty again after a confirmation.
    expect(await page.getByLabel('反馈内容').inputValue()).toBe('')
    await context.close()
  })
})
