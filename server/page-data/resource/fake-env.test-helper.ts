import type { z } from 'zod'
import en from '../../../shared/i18n/locales/en.ts'
import { createTranslator } from '../../../shared/i18n/translator.ts'
import type { Resource, SiteConfig } from '../../../shared/types.ts'
import { UpstreamStatusError } from '../../errors.ts'
import { toTenant } from '../../site/tenant.ts'
import { siteConfigSchema } from '../../upstream/schemas.ts'
import type { LoaderEnv, TenantData } from '../loader-env.ts'

/** A site config for loader tests; the upstream schema fills every block left out. */
export function testSite(overrides: { global?: Record<string, unknown>; resource?: unknown; tdk?: Record<string, unknown> } = {}): SiteConfig {
  return siteConfigSchema.parse({
    site_id: 'site-1',
    domain: 'example.test',
    alias_domain: [],
    base_info: { app_name: 'Example', logo: '', description: 'An example site' },
    seo_config: { tdk: overrides.tdk ?? {}, canonical_link: '', favicon: '' },
    page_config: {
      global_config: { default_language: 'en', ...overrides.global },
      ...(overrides.resource !== undefined ? { resource: overrides.resource } : {}),
    },
  })
}

export interface RecordedCall { path: string; body: unknown }

/** An upstream reply of envelope status 404 ("no such thing"), as the client raises it. */
export function upstreamNotFound(path: string): never {
  throw new UpstreamStatusError({ status: 404, info: 'not found', data: null }, { method: 'POST', url: `http://api.test${path}` })
}

/**
 * A LoaderEnv over plain objects. `replies` maps an upstream path to a function of the request body
 * that returns the raw `data` (parsed by the real schema, as the client does) or throws. Every call
 * is recorded; a call without a reply fails the test.
 */
export function testEnv(options: {
  path: string
  params?: Record<string, string>
  site?: SiteConfig
  replies?: Record<string, (body: Record<string, unknown>) => unknown>
}): { env: LoaderEnv; calls: RecordedCall[] } {
  const calls: RecordedCall[] = []
  const url = new URL(`http://example.test${options.path}`)
  const upstream: TenantData = {
    page: async () => null,
    showPaths: async () => [],
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
    tenant: toTenant('example.test', options.site ?? testSite()),
    language: 'en',
    browserPath: url.pathname,
    absoluteUrl: (routerPath) => `http://example.test${routerPath}`,
    upstream,
    t: createTranslator('en', en),
  }
  return { env, calls }
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

/** A resource as the upstream sends it. */
export function resource(n: number, overrides: Partial<Resource> = {}): Resource {
  return {
    id: `r${n}`,
    seo_title: `res-${n}`,
    title: `Resource ${n}`,
    description: `Description of resource ${n}`,
    image: `https://img.test/${n}.png`,
    category: { key: 'software', name: 'Software' },
    tags: [{ slug: 'linux', name: 'Linux' }],
    pan_type: 'quark',
    target_urls: [{ target_url: `https://pan.test/s/${n}`, pan_type: 'quark', code: 'ab12' }],
    view_count: 10 * n,
    hot_count: n,
    created_at: 1_700_000_000 + n,
    updated_at: 1_700_100_000 + n,
    ...overrides,
  }
}

/** An aside reply with one entry per kind. */
export const ASIDE_REPLY = {
  search: [{ query: 'ubuntu', count: 9 }],
  hot: [resource(1)],
  newest: [resource(2)],
  res_tag: [{ slug: 'linux', name: 'Linux', count: 3 }],
  contact: { title: 'WeChat', img: 'https://img.test/qr.png', tips: 'Scan to follow' },
}
