import { createStaticHandler, type StaticHandlerContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { RootData } from '../../shared/data/page-head.ts'
import en from '../../shared/i18n/locales/en.ts'
import { createTranslator } from '../../shared/i18n/translator.ts'
import { routes } from '../../shared/routes.tsx'
import type { ShowPath, SitePageConfig } from '../../shared/types.ts'
import { fakeSite } from '../../test/fake-loader-env.ts'
import { toTenant } from '../tenant/tenant.ts'
import type { TenantData } from '../tenant/tenant-data.ts'
import { createMarkdown } from './markdown.ts'
import { runRoutes } from './run-routes.ts'
import { createObjectMemo } from '../cache/object-memo.ts'

const PROMO = '/v1/site_surprise/web_get'
const TERMS: ShowPath = { page_id: 'p1', page_path: 'terms', page_type: 'custom', group_path: 'legal', title: 'Terms' }
const TERMS_CONFIG = { ...TERMS, page_config: { content_type: 'txt', content: 'Terms.' } } as SitePageConfig

/** Runs `/disclaimer` (whose footer links to a text file page) with the promo call held until `release`. */
function runHeldDisclaimer(purpose?: 'document' | 'payload') {
  const site = fakeSite({ baseInfo: { disclaimer: 'No warranty.' } })
  site.footer_config.links = [{ name: 'Terms', url: '/c/legal/terms', is_show: 1 }]
  const calls: string[] = []
  let promoCalled!: () => void
  const promoAsked = new Promise<void>((resolve) => (promoCalled = resolve))
  let release!: () => void
  const promoAnswered = new Promise<void>((resolve) => (release = resolve))
  const upstream: TenantData = {
    derived: createObjectMemo(),
    async showPaths() {
      calls.push('show_path')
      return [TERMS]
    },
    async page() {
      calls.push('page')
      return TERMS_CONFIG
    },
    async data<T>(path: string, _body: unknown, schema: z.ZodType<T>) {
      calls.push(path)
      if (path === PROMO) {
        promoCalled()
        await promoAnswered
      }
      return schema.parse({})
    },
  }
  const running = runRoutes({
    handler: createStaticHandler(routes),
    tenant: toTenant('example.test', site),
    language: 'en',
    markdown: createMarkdown(),
    routerPath: '/disclaimer',
    browserPath: '/disclaimer',
    origin: 'http://example.test',
    publicOrigin: 'http://example.test',
    upstream,
    t: createTranslator('en', en),
    ...(purpose ? { purpose } : {}),
  })
  // Every loader has started (the promo's is held); one more turn lets any other call go out.
  const whileHeld = promoAsked.then(() => new Promise((resolve) => setImmediate(resolve))).then(() => [...calls])
  return { calls, whileHeld, release, running }
}

describe('runRoutes', () => {
  it('loads only what the document renders: a footer link to a file page costs no call for that page', async () => {
    const { calls, whileHeld, release, running } = runHeldDisclaimer()
    expect(await whileHeld).toEqual([PROMO])
    release()
    const context = (await running) as StaticHandlerContext
    expect(Object.keys(context.loaderData.root as RootData).sort()).toEqual(['head', 'language', 'site'])
    expect(context.loaderData.disclaimer).toMatchObject({ kind: 'text' })
    // A payload tells the browser to load that page as a document once it is followed.
    expect(calls).toEqual([PROMO])
  })

  it('runs no root loader for a payload, which leaves the root data out: no lookups at all', async () => {
    const { calls, whileHeld, release, running } = runHeldDisclaimer('payload')
    expect(await whileHeld).toEqual([PROMO])
    release()
    const context = (await running) as StaticHandlerContext
    expect(context.loaderData.root ?? null).toBeNull()
    expect(context.loaderData.disclaimer).toMatchObject({ kind: 'text' })
    expect(calls).toEqual([PROMO])
  })
})
