import type { ZodType } from 'zod'
import type { ShowPath, SiteConfig, SitePageConfig } from '../../shared/types.ts'
import { dataKey, pageConfigKey, type PageLocation, showPathKey, siteKey } from '../cache/cache-keys.ts'
import type { SharedCacheLayer } from '../cache/config/config-cache.ts'
import { createObjectMemo, type ObjectMemo } from '../cache/object-memo.ts'
import type { Metrics } from '../metrics/metrics.ts'
import type { UpstreamCallContext, UpstreamClient } from '../upstream/client.ts'
import { parseUpstreamData } from '../upstream/envelope.ts'
import { createPageCaches } from './page-caches.ts'
import { createRawAnswers, type RawAnswers } from './raw-answers.ts'
import {
  type CacheMetricsFor,
  type CommonCacheOptions,
  type SiteLanguage,
  sharedContext,
  where,
} from './shared-loads.ts'
import { createSiteConfigCache } from './site-config-cache.ts'
import { createTenantForgetting } from './tenant-forgetting.ts'
import { createTenantViews, type Tenant, type TenantFeatures } from './tenant.ts'

export interface SiteRepositoryOptions {
  upstream: UpstreamClient
  /** Freshness of a site config. */
  ttlMs: number
  /** How long past its TTL an entry is still served while it is refreshed (also when the refresh fails). */
  staleMs: number
  /** How long "no such site/page" is remembered. */
  negativeTtlMs: number
  /** Freshness of pages, show paths and cached page data. */
  pageTtlMs: number
  /** Most entries per cache (sites; and, unless `pageMax` is given, pages, show paths and data each). */
  max: number
  pageMax?: number
  /**
   * Bound of each of those caches in bytes, counted as the JSON text of what it holds (about what
   * the upstream sent); the heap holds a small multiple of it. Unbounded in bytes when left out.
   */
  maxBytes?: number
  /** Site config load attempts in total (SPEC §4). Default 3. */
  attempts?: number
  /** Pause between site config attempts. Default 100 ms. */
  retryDelayMs?: number
  now?: () => number
  /** Back-off of failing background refreshes (see createConfigCache). */
  backoff?: { baseMs: number; maxMs: number }
  random?: () => number
  /** Cache metrics, reported as caches `site`, `page`, `show_path` and `data`. */
  metrics?: Pick<Metrics, 'cache'>
  /** Told about failures nobody waits for: retried attempts and background refreshes. */
  onError?: (error: unknown, what: string) => void
  /** Shares loaded configs and data between instances (Redis); each instance keeps its own LRU in front. */
  shared?: SharedCacheLayer
}

type SiteLookup = { kind: 'found'; site: SiteConfig } | { kind: 'not-found' } | { kind: 'unavailable'; error: unknown }

export interface SiteRepository {
  /**
   * The tenant's site config in `language` (`page_language` of web_get), cached per host and
   * language; `unavailable` after the attempts failed and no usable cached copy exists.
   */
  getSite(host: string, context: UpstreamCallContext, language?: SiteLanguage): Promise<SiteLookup>
  /**
   * The tenant view of a config this repository handed out, built once per config object: the views
   * live as long as the configs they come from.
   */
  tenantOf(host: string, site: SiteConfig, features?: TenantFeatures): Tenant
  /** Values derived from the configs and pages it hands out, dropped with them. */
  derived: ObjectMemo
  /** The tenant's language-independent site config when this instance holds it fresh: no I/O. */
  peekSite(host: string): SiteConfig | undefined
  /** The page config, or null when the upstream has no such page. */
  getPage(host: string, page: PageLocation, context: UpstreamCallContext): Promise<SitePageConfig | null>
  /** The site's content pages, for the route map. */
  getShowPaths(host: string, context: UpstreamCallContext): Promise<ShowPath[]>
  /**
   * Upstream data read and parsed with `schema`; with `cache: true` shared between visitors for
   * `pageTtlMs`, else the visitor's own call. Writes go through `submit`.
   */
  getData<T>(
    host: string,
    path: string,
    body: unknown,
    schema: ZodType<T>,
    context: UpstreamCallContext,
    options: { cache: boolean },
  ): Promise<T>
  /**
   * Sends `body` to the upstream's `path` for the tenant: a write (a form submission), the visitor's
   * own call, never cached; answers the upstream's data parsed with `schema`.
   */
  submit<T>(host: string, path: string, body: unknown, schema: ZodType<T>, context: UpstreamCallContext): Promise<T>
  /** Forgets one tenant's cached configs and data on this instance (`null`: every tenant's); answers how many entries. */
  purge(host: string | null): number
  /** Forgets these cache keys (cache-keys.ts) on this instance; answers how many were held. */
  forget(keys: Iterable<string>): number
  /** Forgets one tenant's site configs (every language) and page list on this instance; answers how many were held. */
  forgetSite(host: string): number
  /** Keeps every tenant's cached configs and data on this instance as stale (a soft purge of everything); answers how many entries. */
  markPurged(): number
}

/**
 * Per-tenant configuration and page data from the upstream, cached. The cache key always equals the
 * `app-domain` sent upstream, so one tenant's answer can never be served to another. Composes the
 * site config cache (site-config-cache.ts), the page caches (page-caches.ts) and their purges
 * (tenant-forgetting.ts).
 */
export function createSiteRepository(options: SiteRepositoryOptions): SiteRepository {
  const { upstream, onError } = options
  const derived = createObjectMemo()
  const answers = createRawAnswers(upstream)
  const common = commonCacheOptions(options, answers)
  const metricsFor: CacheMetricsFor = (name) => ({
    name,
    ...(options.metrics ? { metrics: options.metrics.cache(name) } : {}),
  })

  /**
   * `raw` parsed with `schema`, once per raw answer and schema (in the object memo, so it goes with
   * the answer): an answer checked when it is loaded is not parsed again when it is stored or read.
   */
  function parseData<T>(raw: unknown, schema: ZodType<T>, path: string): T {
    const parse = () => parseUpstreamData(schema, raw, where(path))
    return typeof raw === 'object' && raw !== null ? derived.get(raw, schema, parse) : parse()
  }

  const sites = createSiteConfigCache({
    common,
    metricsFor,
    answers,
    parseData,
    ttlMs: options.ttlMs,
    max: options.max,
    attempts: Math.max(1, options.attempts ?? 3),
    retryDelayMs: options.retryDelayMs ?? 100,
    onError,
  })
  const pageCaches = { common, metricsFor, answers, ttlMs: options.pageTtlMs, onError }
  const { pages, showPaths, data } = createPageCaches({ ...pageCaches, max: options.pageMax ?? options.max })

  return {
    async getSite(host, context, language = '') {
      try {
        const result = await sites.get(siteKey(host, language), { host, context, language })
        return result.kind === 'found' ? { kind: 'found', site: result.value } : { kind: 'not-found' }
      } catch (error) {
        return { kind: 'unavailable', error }
      }
    },

    tenantOf: createTenantViews().of,
    derived,

    peekSite(host) {
      return sites.peek(siteKey(host, ''))
    },

    async getPage(host, page, context) {
      const body = { page_path: page.pagePath, page_language: page.language, group_path: page.groupPath }
      const key = pageConfigKey(host, page)
      const result = await pages.get(key, { host, context, body })
      return result.kind === 'found' ? result.value : null
    },

    async getShowPaths(host, context) {
      const result = await showPaths.get(showPathKey(host), { host, context })
      return result.kind === 'found' ? result.value : []
    },

    async getData<T>(
      host: string,
      path: string,
      body: unknown,
      schema: ZodType<T>,
      context: UpstreamCallContext,
      { cache }: { cache: boolean },
    ) {
      if (!cache) return upstream.data(path, body, schema, { ...context, appDomain: host })
      const key = dataKey(host, path, body)
      const result = await data.get(key, { host, context, path, body, schema: schema as ZodType<unknown> })
      if (result.kind !== 'found') throw new Error(`unreachable: data loads never answer not-found (${path})`)
      if (result.value.schema === schema) return result.value.value as T
      // An entry answers the schema it was parsed with. A reader with another schema (no two share a
      // key today) gets a call of its own and leaves the entry to the readers it serves: keeping the
      // upstream's object for it would double what every entry holds, and replacing the entry would
      // let two such readers keep taking it from each other, each time with newer data. The call is
      // the visitor's own (its signal) but reads what every visitor would, so without the cookie.
      return upstream.data(path, body, schema, sharedContext({ host, context }, context.signal))
    },

    submit: (host, path, body, schema, context) => upstream.data(path, body, schema, { ...context, appDomain: host }),

    ...createTenantForgetting({ sites, pages, showPaths, data }),
  }
}

/** The options every cache of the repository shares, with the raw answers' sizes and fingerprints. */
function commonCacheOptions(options: SiteRepositoryOptions, answers: RawAnswers): CommonCacheOptions {
  return {
    staleMs: options.staleMs,
    negativeTtlMs: options.negativeTtlMs,
    sizeOf: answers.sizeOf,
    fingerprintOf: answers.fingerprintOf,
    ...(options.now ? { now: options.now } : {}),
    ...(options.backoff ? { backoff: options.backoff } : {}),
    ...(options.random ? { random: options.random } : {}),
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
    ...(options.shared ? { shared: options.shared } : {}),
  }
}
