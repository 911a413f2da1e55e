import { Writable } from 'node:stream'
import { createElement } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { renderedStringKey } from '../shared/i18n/rendered-strings.ts'
import { createTranslator } from '../shared/i18n/translator.ts'
import type { Locale } from '../shared/i18n/locale.ts'
import { createDeferredLocale } from './deferred-locale.ts'

const rendered = {
  search: 'Suche (vom Server)',
  [renderedStringKey('pageOf', { page: 2, pages: 9 })]: 'Seite 2 von 9 (vom Server)',
}
const translator = () =>
  createTranslator('de', { search: 'Suche', pageOf: 'Seite {{page}} von {{pages}}', menu: 'Menü', login: 'Anmelden' })

/** A component that writes one string. */
function Text({ locale, name }: { locale: Locale; name: 'menu' }) {
  return createElement('p', null, locale.t(name))
}

/** Renders `t(key)` in a component and waits for everything, suspensions included. */
function renderText(locale: Locale, key: 'menu'): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = ''
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += String(chunk)
        done()
      },
    })
    sink.on('finish', () => resolve(html))
    const stream = renderToPipeableStream(createElement(Text, { locale, name: key }), {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
    })
  })
}

describe('createDeferredLocale', () => {
  it('answers the strings the page carries without loading i18next', () => {
    const load = vi.fn(async () => translator())
    const locale = createDeferredLocale('de', rendered, load)
    expect(locale.t('search')).toBe('Suche (vom Server)')
    expect(locale.t('pageOf', { page: 2, pages: 9 })).toBe('Seite 2 von 9 (vom Server)')
    expect(load).not.toHaveBeenCalled()
  })

  it('hands every call to i18next once it is ready, loading it once', async () => {
    const load = vi.fn(async () => translator())
    const locale = createDeferredLocale('de', rendered, load)
    await Promise.all([locale.ready(), locale.ready()])
    expect(locale.t('search')).toBe('Suche')
    expect(locale.t('pageOf', { page: 3, pages: 9 })).toBe('Seite 3 von 9')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('suspends a render that asks for a string the page lacks, until i18next is there', async () => {
    let arrive!: () => void
    const arrived = new Promise<void>((resolve) => (arrive = resolve))
    const load = vi.fn(async () => {
      await arrived
      return translator()
    })
    const locale = createDeferredLocale('de', rendered, load)
    let done = false
    const html = renderText(locale, 'menu').finally(() => (done = true))
    // The render asked for i18next and is held until it arrives.
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
    expect(done).toBe(false)
    arrive()
    expect(await html).toContain('<p>Menü</p>')
  })

  it("keeps strings added before i18next arrives (a dialog's), and adds them once it does", async () => {
    const locale = createDeferredLocale('de', rendered, async () => translator())
    locale.addMessages({ email: 'E-Mail' })
    await locale.ready()
    expect(locale.t('email')).toBe('E-Mail')
    locale.addMessages({ password: 'Passwort' })
    expect(locale.t('password')).toBe('Passwort')
  })

  it('tries again after a failed load', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(async () => translator())
    const locale = createDeferredLocale('de', rendered, load)
    await expect(locale.ready()).rejects.toThrow('offline')
    await locale.ready()
    expect(locale.t('menu')).toBe('Menü')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
