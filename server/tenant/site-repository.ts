import { setTimeout as sleep } from 'node:timers/promises'
import type { ZodType } from 'zod'
import type { Lang, ShowPath, SiteConfig, SitePageConfig } from '../../shared/types.ts'
import { NOT_FOUND, createConfigCache } from '../cache/config-cache.ts'
import { UpstreamStatusError } from '../errors.ts'
import type { Metrics } from '../metrics/metrics.ts'
import type { UpstreamCallContext, UpstreamClient } from '../upstream/client.ts'
import { showPathRowsSchema, webGetPageSchema, webGetReplySchema } from '../upstream/schemas.ts'
import { stableStringify } from './stable-stringify.ts'

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
}

export type SiteLookup =
  | { kind: 'found'; site: SiteConfig }
  | { kind: 'not-found' }
  | { kind: 'unavailable'; error: unknown }

export interface PageLocation { language: string; groupPath: string; pagePath: string }

/**
 * `''` asks for the language-independent config (the site's default texts), which decides the tenant
 * and the redirects before the page language is known; a language asks for the site's own
 * translations of its texts (menus, search placeholder, announcement) in that language.
 */
export type SiteLanguage = Lang | ''

export interface SiteRepository {
  /**
   * The tenant's site config in `language` (`page_language` of web_get), cached per host and
   * language; `unavailable` after the attempts failed and no usable cached copy exists.
   */
  getSite(host: string, context: UpstreamCallContext, language?: SiteLanguage): Promise<SiteLookup>
  /** The page config, or null when the upstream has no such page. */
  getPage(host: string, page: PageLocation, context: UpstreamCallContext): Promise<SitePageConfig | null>
  /** The site's content pages, for the route map. */
  getShowPaths(host: string, context: UpstreamCallContext): Promise<ShowPath[]>
  /** Upstream data parsed with `schema`; with `cache: true` shared between visitors for `pageTtlMs`. */
  getData<T>(host: string, path: string, body: unknown, schema: ZodType<T>, context: UpstreamCallContext, options: { cache: boolean }): Promise<T>
}

const WEB_GET = '/v1/site_page/web_get'
const SHOW_PATH = '/v1/site_admin/show_path/get'
/** API.md: an unknown `app-domain` answers envelope status 404. */
const NOT_FOUND_STATUS = 404

interface SharedLoad { host: string; context: UpstreamCallContext }
interface SiteLoad extends SharedLoad { language: SiteLanguage }
interface DataLoad<T> extends SharedLoad { path: string; body: unknown; schema: ZodType<T> }

/**
 * Per-tenant configuration and page data from the upstream, cached. The cache key always equals the
 * `app-domain` sent upstream, so one tenant's answer can never be served to another.
 */
export function createSiteRepository(options: SiteRepositoryOptions): SiteRepository {
  const { upstream, onError } = options
  const attempts = Math.max(1, options.attempts ?? 3)
  const retryDelayMs = options.retryDelayMs ?? 100
  const base = {
    staleMs: options.staleMs,
    negativeTtlMs: options.negativeTtlMs,
    ...(options.now ? { now: options.now } : {}),
    ...(options.backoff ? { backoff: options.backoff } : {}),
    ...(options.random ? { random: options.random } : {}),
  }
  const cacheMetrics = (name: string) => (options.metrics ? { metrics: options.metrics.cache(name) } : {})
  const pageCacheOptions = { ...base, ttlMs: options.pageTtlMs, max: options.pageMax ?? options.max }

  /**
   * Context for a load shared by many visitors: the first caller's user-agent and referer, the cache's
   * signal (one visitor leaving must not abort it), and no cookie (a shared answer must not be personal).
   */
  function sharedContext(load: SharedLoad, signal: AbortSignal): UpstreamCallContext {
    const { userAgent, referer, requestId } = load.context
    return { userAgent, referer, appDomain: load.host, signal, ...(requestId !== undefined ? { requestId } : {}) }
  }

  const sites = createConfigCache<SiteConfig, SiteLoad>({
    ...base,
    ...cacheMetrics('site'),
    ttlMs: options.ttlMs,
    max: options.max,
    onError: (error, key) => onError?.(error, `site refresh for ${key}`),
    load: async (key, { signal, caller, refresh }) => {
      const body = { page_path: '', page_language: caller.language, group_path: '' }
      // A cold load retries (SPEC §4: three attempts before the startup screen); a background
      // refresh tries once, and the cache's back-off decides when the next one may run.
      const tries = refresh ? 1 : attempts
      for (let attempt = 1; ; attempt++) {
        try {
          const reply = await upstream.data(WEB_GET, body, webGetReplySchema, sharedContext(caller, signal))
          return reply.site_config
        } catch (error) {
          // An unknown site is an answer, not a failure: retrying it would only triple the load of junk hosts.
          if (isNotFound(error)) return NOT_FOUND
          if (attempt >= tries || signal.aborted) throw error
          onError?.(error, `site load for ${key}, attempt ${attempt} of ${tries}`)
          await sleep(retryDelayMs, undefined, { signal })
        }
      }
    },
  })

  const pages = createConfigCache<SitePageConfig | null, SharedLoad & { body: object }>({
    ...pageCacheOptions,
    ...cacheMetrics('page'),
    onError: (error, key) => onError?.(error, `page refresh for ${key}`),
    load: async (_key, { signal, caller }) => {
      const reply = await notFoundAsSymbol(upstream.data(WEB_GET, caller.body, webGetPageSchema, sharedContext(caller, signal)))
      return reply === NOT_FOUND ? NOT_FOUND : reply.site_page_config
    },
  })

  const showPaths = createConfigCache<ShowPath[], SharedLoad>({
    ...pageCacheOptions,
    ...cacheMetrics('show_path'),
    onError: (error, host) => onError?.(error, `show_path refresh for ${host}`),
    load: async (_host, { signal, caller }) => {
      const reply = await notFoundAsSymbol(upstream.data(SHOW_PATH, {}, showPathRowsSchema, sharedContext(caller, signal)))
      return reply === NOT_FOUND ? NOT_FOUND : reply.rows
    },
  })

  // Holds values of many types; each key includes the schema's identity, so a value is only ever read
  // back through the schema that produced it.
  const data = createConfigCache<unknown, DataLoad<unknown>>({
    ...pageCacheOptions,
    ...cacheMetrics('data'),
    negativeTtlMs: 0,
    onError: (error, key) => onError?.(error, `data refresh for ${key}`),
    load: (_key, { signal, caller }) => upstream.data(caller.path, caller.body, caller.schema, sharedContext(caller, signal)),
  })
  const schemaIds = new WeakMap<ZodType, number>()
  let nextSchemaId = 1

  function schemaId(schema: ZodType): number {
    let found = schemaIds.get(schema)
    if (found === undefined) {
      found = nextSchemaId++
      schemaIds.set(schema, found)
    }
    return found
  }

  return {
    async getSite(host, context, language = '') {
      try {
        const result = await sites.get(siteKey(host, language), { host, context, language })
        return result.kind === 'found' ? { kind: 'found', site: result.value } : { kind: 'not-found' }
      } catch (error) {
        return { kind: 'unavailable', error }
      }
    },

    async getPage(host, page, context) {
      const body = { page_path: page.pagePath, page_language: page.language, group_path: page.groupPath }
      const key = JSON.stringify([host, page.language, page.groupPath, page.pagePath])
      const result = await pages.get(key, { host, context, body })
      return result.kind === 'found' ? result.value : null
    },

    async getShowPaths(host, context) {
      const result = await showPaths.get(host, { host, context })
      return result.kind === 'found' ? result.value : []
    },

    async getData<T>(host: string, path: string, body: unknown, schema: ZodType<T>, context: UpstreamCallContext, { cache }: { cache: boolean }) {
      if (!cache) return upstream.data(path, body, schema, { ...context, appDomain: host })
      const key = JSON.stringify([host, path, schemaId(schema), stableStringify(body)])
      const result = await data.get(key, { host, context, path, body, schema: schema as ZodType<unknown> })
      if (result.kind !== 'found') throw new Error(`unreachable: data loads never answer not-found (${path})`)
      return result.value as T
    },
  }
}

/** The language-independent config keeps the bare host as its key (it is the one every request needs). */
function siteKey(host: string, language: SiteLanguage): string {
  return language === '' ? host : `${host} ${language}`
}

function isNotFound(error: unknown): boolean {
  return error instanceof UpstreamStatusError && error.status === NOT_FOUND_STATUS
}

async function notFoundAsSymbol<T>(promise: Promise<T>): Promise<T | typeof NOT_FOUND> {
  try {
    return await promise
  } catch (error) {
    if (isNotFound(error)) return NOT_FOUND
    throw error
  }
}
