import type { Params } from 'react-router'
import type { z } from 'zod'
import en from '../../../shared/i18n/locales/en.ts'
import { createTranslator } from '../../../shared/i18n/translator.ts'
import type { ShowPath, SiteConfig, SitePageConfig } from '../../../shared/types.ts'
import { toTenant } from '../../tenant/tenant.ts'
import { siteConfigSchema, sitePageConfigSchema } from '../../upstream/schemas.ts'
import type { TenantData } from '../../tenant/tenant-data.ts'
import type { LoaderEnv } from '../loader-env.ts'
import { FAKE_NOW_MS } from '../../../test/fake-loader-env.ts'
import { createMarkdown } from '../markdown.ts'
import { createObjectMemo } from '../../cache/object-memo.ts'

/** Test double of the upstream reads: pages, show_path rows and canned replies per call path. */
export interface FakeUpstream {
  pages: SitePageConfig[]
  rows: ShowPath[]
  replies: Record<string, (body: Record<string, unknown>) => unknown>
  calls: { path: string; body: Record<string, unknown> }[]
}

/** A site config with the schema's defaults filled in, plus `overrides` (shallow, per top-level key). */
export function makeSite(overrides: Record<string, unknown> = {}): SiteConfig {
  return siteConfigSchema.parse({
    site_id: 'site-1',
    domain: 'example.test',
    alias_domain: [],
    base_info: { app_name: 'Example', logo: '', description: 'An example site.' },
    ...overrides,
  })
}

/** A page config parsed like an upstream reply. */
export function makePage(page: Record<string, unknown>): SitePageConfig {
  return sitePageConfigSchema.parse({ page_id: `id-${String(page.page_path)}`, group_path: '', title: 'Page', ...page })
}

function rowOf(page: SitePageConfig): ShowPath {
  const { page_id, page_path, page_type, group_path, title } = page
  return { page_id, page_path, page_type, group_path, title }
}

export function fakeUpstream(pages: SitePageConfig[], replies: FakeUpstream['replies'] = {}): FakeUpstream {
  return { pages, rows: pages.map(rowOf), replies, calls: [] }
}

function tenantData(fake: FakeUpstream): TenantData {
  return {
    derived: createObjectMemo(),
    async page({ groupPath, pagePath }) {
      fake.calls.push({ path: 'web_get', body: { group_path: groupPath, page_path: pagePath } })
      return fake.pages.find((page) => page.page_path === pagePath && page.group_path === groupPath) ?? null
    },
    async showPaths() {
      return fake.rows
    },
    async data<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
      const record = body as Record<string, unknown>
      fake.calls.push({ path, body: record })
      const reply = fake.replies[path]
      if (reply === undefined) throw new Error(`unexpected upstream call ${path}`)
      return schema.parse(reply(record))
    },
  }
}

/** A LoaderEnv for a route with `params`, on `site`, backed by `fake`. */
export function makeEnv(options: { site?: SiteConfig; fake: FakeUpstream; params?: Params; path?: string }): LoaderEnv {
  const site = options.site ?? makeSite()
  const path = options.path ?? '/'
  const url = new URL(`http://example.test${path}`)
  return {
    request: new Request(url),
    url,
    params: options.params ?? {},
    markdown: createMarkdown(),
    tenant: toTenant('example.test', site),
    language: 'en',
    browserPath: path,
    absoluteUrl: (routerPath) => `http://example.test${routerPath}`,
    pageUrls: (routerPath) => ({ canonical: `http://example.test${routerPath}`, alternates: [] }),
    upstream: tenantData(options.fake),
    t: createTranslator('en', en),
    now: () => FAKE_NOW_MS,
    pageLifetimeMs: 0,
  }
}

/** The response a loader threw (react-router `data()`), for status and message checks. */
export async function thrownBy(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise
  } catch (error) {
    const thrown = error as { init?: { status?: number }; data?: { message?: string } }
    return { status: thrown.init?.status ?? 0, message: thrown.data?.message ?? '' }
  }
  throw new Error('expected the loader to throw')
}
