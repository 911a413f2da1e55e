import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_ACCOUNT } from '../server/demo-api/data/index.ts'
import { useBrowserSite } from './browser/use-browser-site.ts'
import { distDir } from './harness.ts'
import enPage from '../shared/i18n/locales/en.ts'
import enAccount from '../shared/i18n/locales/account/en.ts'

const en = { ...enPage, ...enAccount }

describe('writing an article in a browser', { timeout: 90_000 }, () => {
  const browserSite = useBrowserSite()
  const editorChunk = () => {
    const manifest = JSON.parse(readFileSync(path.join(distDir(), 'client', 'manifest.json'), 'utf8')) as {
      lazy: Record<string, { file: string }>
    }
    return manifest.lazy['post-editor']!.file
  }

  async function open(pathname: string) {
    const requests: string[] = []
    const opened = await browserSite.open('land.localhost', pathname, {
      locale: 'en-US',
      ignoreErrors: /net::ERR_FAILED|net::ERR_NAME_NOT_RESOLVED/,
      watch: (page) => {
        page.on('request', (request) => requests.push(new URL(request.url()).pathname))
        void page.route('https://accounts.google.com/**', (route) => route.abort())
      },
    })
    return { ...opened, requests }
  }

  async function signIn(page: Page) {
    await page.locator('.account-signin').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel(en.email, { exact: true }).fill(DEMO_ACCOUNT.email)
    await dialog.getByLabel(en.password, { exact: true }).fill(DEMO_ACCOUNT.password)
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: en.login, exact: true }).click()])
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  }

  it('loads the editor only when it opens, previews sanitised markdown and shows the published article', async () => {
    const { page, errors, requests } = await open('/post')
    expect(await page.getByRole('button', { name: en.writePost }).count()).toBe(0)
    await signIn(page)
    const write = page.getByRole('button', { name: en.writePost })
    await write.waitFor()
    // Signed in, on the list, with the action in view: still no editor code.
    expect(requests).not.toContain(editorChunk())
    await write.click()
    const editor = page.getByRole('region', { name: en.writePost })
    await editor.waitFor()
    expect(requests).toContain(editorChunk())

    // Checked before sending: nothing typed yet.
    await editor.getByRole('button', { name: en.publish }).click()
    await expect.poll(() => editor.getByText('Title is required.').isVisible()).toBe(true)

    const title = `Field notes ${Date.now().toString(36)}`
    await editor.getByLabel(en.postTitle).fill(title)
    await editor.getByLabel(en.category, { exact: true }).selectOption({ index: 1 })
    await editor.getByLabel(en.postTags).fill('notes, field')
    await editor
      .locator('.cm-content')
      .fill(
        'Hello **bold** world.\n\n<script>window.hacked = true</script>\n\n[a link](javascript:window.hacked=true)\n\n<div id="__hydration">{}</div>',
      )
    await editor.getByRole('tab', { name: en.preview }).click()
    const preview = editor.locator('.post-editor__preview')
    await expect.poll(() => preview.locator('strong').textContent()).toBe('bold')
    expect(await preview.locator('script').count()).toBe(0)
    expect(await preview.getByText('a link').getAttribute('href')).toBeNull()
    // Written ids are moved out of the page's own (docs/security.md "Written HTML"), in the preview too.
    expect(await preview.locator('#user-content-__hydration').count()).toBe(1)

    await editor.getByRole('button', { name: en.publish }).click()
    await page.waitForURL(/\/post-/)
    await expect.poll(() => page.locator('main h1').textContent()).toBe(title)
    expect(await page.locator('.post-article__content strong').textContent()).toBe('bold')
    expect(await page.locator('.post-article__content #user-content-__hydration').count()).toBe(1)
    expect(
      await page.evaluate(() => Array.from(document.querySelectorAll('#__hydration'), (e) => e.localName)),
    ).toEqual(['script'])
    expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined()
    expect(errors).toEqual([])
    await page.close()
  })

  it('asks the visitor to sign in again when the session has gone (401)', async () => {
    const { page, errors } = await open('/post')
    await signIn(page)
    // The browser still remembers the user, but the upstream session cookie is gone.
    await page.context().clearCookies()
    await page.getByRole('button', { name: en.writePost }).click()
    const editor = page.getByRole('region', { name: en.writePost })
    await editor.getByLabel(en.postTitle).fill('Too late')
    await editor.getByLabel(en.category, { exact: true }).selectOption({ index: 1 })
    await editor.locator('.cm-content').fill('This will not be published.')
    await editor.getByRole('button', { name: en.publish }).click()
    await expect.poll(() => editor.getByRole('alert').textContent()).toBe(en.signInToWrite)
    // The sign-in dialog opens by itself; what was typed is still there.
    await page.getByRole('dialog').waitFor()
    expect(await editor.getByLabel(en.postTitle).inputValue()).toBe('Too late')

    // Signing in reloads the page; the editor comes back with the draft, and publishing works.
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel(en.email, { exact: true }).fill(DEMO_ACCOUNT.email)
    await dialog.getByLabel(en.password, { exact: true }).fill(DEMO_ACCOUNT.password)
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: en.login, exact: true }).click()])
    const reopened = page.getByRole('region', { name: en.writePost })
    await reopened.waitFor()
    expect(await reopened.getByLabel(en.postTitle).inputValue()).toBe('Too late')
    expect(await reopened.locator('.cm-content').textContent()).toBe('This will not be published.')
    await reopened.getByRole('button', { name: en.publish }).click()
    await page.waitForURL(/\/post-/)
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Too late')
    // Chromium logs the expected 401 answer itself; nothing else may fail.
    expect(errors.filter((error) => !error.includes('status of 401'))).toEqual([])
    await page.close()
  })
})
