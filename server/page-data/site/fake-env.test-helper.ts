import type { z } from 'zod'
import { createTranslator } from '../../../shared/i18n/translator.ts'
import en from '../../../shared/i18n/locales/en.ts'
import type { SiteConfig } from '../../../shared/types.ts'
import { toTenant } from '../../site/tenant.ts'
import { siteConfigSchema } from '../../upstream/schemas.ts'
import type { LoaderEnv, TenantData } from '../loader-env.ts'

/** A site config for loader tests: the upstream schema fills every block the test leaves out. */
export function fakeSite(baseInfo: Partial<SiteConfig['base_info']> = {}): SiteConfig {
  return siteConfigSchema.parse({
    site_id: 'site-1',
    domain: 'example.test',
    alias_domain: [],
    base_info: { app_name: 'Example', logo: '', ...baseInfo },
    page_config: { global_config: { default_language: 'en' } },
  })
}

export interface FakeCall { path: string; body: unknown }

/**
 * A LoaderEnv over plain objects. `replies` maps an upstream path to the raw `data` it answers
 * (run through the real schema, as the upstream client does); calls are recorded.
 */
export function fakeEnv(options: {
  path: string
  params?: Record<string, string>
  site?: SiteConfig
  replies?: Record<string, (body: unknown) => unknown>
}): { env: LoaderEnv; calls: FakeCall[] } {
  const calls: FakeCall[] = []
  const url = new URL(`http://example.test${options.path}`)
  const upstream: TenantData = {
    page: async () => null,
    showPaths: async () => [],
    async data<T>(path: string, body: unknown, schema: z.ZodType<T>) {
      calls.push({ path, body })
      const reply = options.replies?.[path]
      if (reply === undefined) throw new Error(`unexpected upstream call ${path}`)
      return schema.parse(reply(body))
    },
  }
  const env: LoaderEnv = {
    request: new Request(url),
    url,
    params: options.params ?? {},
    tenant: toTenant('example.test', options.site ?? fakeSite()),
    language: 'en',
    browserPath: url.pathname,
    absoluteUrl: (routerPath) => `http://example.test${routerPath}`,
    upstream,
    t: createTranslator('en', en),
  }
  return { env, calls }
}

/** What a loader threw: the status and message of a react-router `data()` response. */
export async function thrownBy(run: Promise<unknown>): Promise<{ status: number | undefined; message: unknown }> {
  try {
    await run
  } catch (error) {
    const response = error as { data?: { message?: unknown }; init?: ResponseInit | null }
    return { status: response.init?.status, message: response.data?.message }
  }
  throw new Error('the loader did not throw')
}
