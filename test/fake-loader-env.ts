import type { z } from 'zod'
import en from '../shared/i18n/locales/en.ts'
import { createTranslator } from '../shared/i18n/translator.ts'
import type { ShowPath, SiteConfig, SitePageConfig } from '../shared/types.ts'
import { UpstreamStatusError } from '../server/errors.ts'
import type { LoaderEnv } from '../server/page-data/loader-env.ts'
import type { TenantData } from '../server/tenant/tenant-data.ts'
import { toTenant } from '../server/tenant/tenant.ts'
import { siteConfigSchema, sitePageConfigSchema } from '../server/upstream/schemas.ts'
import { createObjectMemo } from '../server/cache/object-memo.ts'
import { createMarkdown } from '../server/page-data/markdown.ts'

/** The fixed "now" of fake loader environments. */
export const FAKE_NOW_MS = Date.UTC(2026, 0, 15, 12)

export interface FakeSiteOptions {
  /** Merged over the default app name, logo and description (disclaimer, announcement…). */
  baseInfo?: Partial<SiteConfig['base_info']>
  /** Merged over `global_config: { default_language: 'en' }`. */
  global?: Record<string, unknown>
  /** The raw `page_config.resource` block, when the test needs one. */
  resource?: unknown
  /** The raw `seo_config.tdk` block (page title templates). */
  tdk?: Record<string, unknown>
  /** Whole top-level blocks of the raw config (`header_config`, `seo_config`…), laid over the above. */
  blocks?: Record<string, unknown>
}

/** A site config for loader tests; the upstream schema fills every block left out. */
export function fakeSite(options: FakeSiteOptions = {}): SiteConfig {
  return siteConfigSchema.parse({
    site_id: 'site-1',
    domain: 'example.test',
    alias_domain: [],
    base_info: { app_name: 'Example', logo: '', description: 'An example site', ...options.baseInfo },
    seo_config: { tdk: options.tdk ?? {}, canonical_link: '', favicon: '' },
    page_config: {
      global_config: { default_language: 'en', ...options.global },
      ...(options.resource !== undefined ? { resource: options.resource } : {}),
    },
    ...options.blocks,
  })
}

/** A page config parsed like an upstream reply. */
export function fakePage(page: Record<string, unknown>): SitePageConfig {
  return sitePageConfigSchema.parse({ page_id: `id-${String(page.page_path)}`, group_path: '', title: 'Page', ...page })
}

function rowOf(page: SitePageConfig): ShowPath {
  const { page_id, page_path, page_type, group_path, title } = page
  return { page_id, page_path, page_type, group_path, title }
}

export interface FakeCall {
  path: string
  body: unknown
}

export interface FakeLoaderEnvOptions {
  /** Path and query the visitor asked for, e.g. `/s?query=linux`. Default `/`. */
  path?: string
  params?: Record<string, string>
  site?: SiteConfig
  /**
   * Upstream path → function of the request body returning the raw `data` (parsed by the real schema,
   * as the upstream client does) or throwing. A call without a reply fails the test.
   */
  replies?: Record<string, (body: Record<string, unknown>) => unknown>
  /** The site's pages: what `web_get` (recorded as a call) and the show_path rows answer. */
  pages?: SitePageConfig[]
  /** The pages show_path lists, when they differ from `pages` (a page web_get no longer knows). */
  listed?: SitePageConfig[]
}

/** A LoaderEnv over plain objects, for the tenant `example.test` in English; every upstream call is recorded. */
export function fakeLoaderEnv(options: FakeLoaderEnvOptions): { env: LoaderEnv; calls: FakeCall[] } {
  const calls: FakeCall[] = []
  const url = new URL(`http://example.test${options.path ?? '/'}`)
  const pages = options.pages ?? []
  const upstream: TenantData = {
    derived: createObjectMemo(),
    async page({ groupPath, pagePath }) {
      calls.push({ path: 'web_get', body: { group_path: groupPath, page_path: pagePath } })
      return pages.find((page) => page.page_path === pagePath && page.group_path === groupPath) ?? null
    },
    showPaths: async () => (options.listed ?? pages).map(rowOf),
    async data<T>(path: string, body: unknown, schema: z.ZodType<T>) {
      calls.push({ path, body })
      const reply = options.replies?.[path]
      if (reply === undefined) throw new Error(`unexpected upstream call ${path}`)
      return schema.parse(reply(body as Record<string, unknown>))
    },
  }
  const env: LoaderEnv = {
    request: new Request(url),
    url,
    params: options.params ?? {},
    markdown: createMarkdown(),
    tenant: toTenant('example.test', options.site ?? fakeSite()),
    language: 'en',
    browserPath: url.pathname,
    absoluteUrl: (routerPath) => `http://example.test${routerPath}`,
    pageUrls: (routerPath) => ({ canonical: `http://example.test${routerPath}`, alternates: [] }),
    upstream,
    t: createTranslator('en', en),
    now: () => FAKE_NOW_MS,
    pageLifetimeMs: 0,
  }
  return { env, calls }
}

/** An upstream reply of envelope status 404 ("no such thing"), as the client raises it. */
export function upstreamNotFound(path: string): never {
  throw new UpstreamStatusError(
    { status: 404, info: 'not found', data: null },
    { method: 'POST', url: `http://api.test${path}` },
  )
}

/** The status and message of the react-router `data()` response a loader threw. */
export async function thrownBy(run: Promise<unknown>): Promise<{ status: number | undefined; message: unknown }> {
  try {
    await run
  } catch (error) {
    const response = error as { data?: { message?: unknown }; init?: ResponseInit | null }
    return { status: response.init?.status, message: response.data?.message }
  }
  throw new Error('the loader did not throw')
}
