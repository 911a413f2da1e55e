import { describe, expect, it } from 'vitest'
import { createResTenant } from '../../demo-api/data/res/res-site.ts'
import { useBrowserSite } from '../../../test/browser/use-browser-site.ts'

// The demo catalogue is seeded: every 11th resource carries an expired share link (1031).
const resources = createResTenant(Date.now()).resources
const good = resources.find((r) => r.target_urls.length === 1 && !/expired|broken/.test(r.target_urls[0]!.target_url))!
const expired = resources.find((r) => r.target_urls.some((u) => u.target_url.includes('/s/expired-')))!

describe('transfer-save in a browser', { timeout: 60_000 }, () => {
  const browserSite = useBrowserSite()

  it('saves a share link and offers the new link with a copy button', async () => {
    const { page, errors } = await browserSite.open('res.localhost', `/d/${good.seo_title}`, { locale: 'zh-CN' })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    const item = page.locator('.res-links__item').first()
    await item.getByRole('button', { name: '一键转存' }).click()
    const link = item.locator('.res-transfer__link')
    await expect.poll(() => link.count()).toBe(1)
    const saved = await link.getAttribute('href')
    expect(saved).toMatch(/^https:\/\/[^/]+\/s\/[\w-]{12}$/)
    expect(saved).not.toBe(good.target_urls[0]!.target_url)
    expect(await item.getByRole('status').textContent()).toContain('转存成功')
    await item.locator('.res-transfer').getByRole('button', { name: '复制链接' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(saved)
    expect(errors).toEqual([])
    await page.close()
  })

  it('says when the share link has expired (1031)', async () => {
    const { page, errors } = await browserSite.open('res.localhost', `/d/${expired.seo_title}`, { locale: 'zh-CN' })
    const index = expired.target_urls.findIndex((u) => u.target_url.includes('/s/expired-'))
    const item = page.locator('.res-links__item').nth(index)
    await item.getByRole('button', { name: '一键转存' }).click()
    await expect.poll(() => item.getByRole('status').textContent()).toBe('分享链接已失效。')
    // The button stays for another try; no link is offered.
    expect(await item.locator('.res-transfer__link').count()).toBe(0)
    expect(await item.getByRole('button', { name: '一键转存' }).isEnabled()).toBe(true)
    expect(errors).toEqual([])
    await page.close()
  })
})
