import { setTimeout as sleep } from 'node:timers/promises'
import type { ZodType } from 'zod'
import type { Lang, ShowPath, SiteConfig, SitePageConfig } from '../../shared/types.ts'
import {
  describeSiteKey,
  dataKey,
  pageConfigKey,
  showPathKey,
  siteKey,
  tenantKeyPrefix,
  type PageLocation,
} from '../cache/cache-keys.ts'
import { createObjectMemo, type ObjectMemo } from '../cache/object-memo.ts'
import {
  NOT_FOUND,
  UNCHANGED,
  createConfigCache,
  type ConfigCache,
  type SharedCacheLayer,
} from '../cache/config-cache.ts'
import { UpstreamStatusError } from '../errors.ts'
import type { Metrics } from '../metrics/metrics.ts'
import type { UpstreamCallContext, UpstreamClient } from '../upstream/client.ts'
import { parseUpstreamData } from '../upstream/envelope.ts'
import { showPathRowsSchema, webGetPageSchema, webGetReplySchema } from '../upstream/schemas.ts'
import { createFirstSiteAnswers } from './first-site-answers.ts'
import { createRawAnswers } from './raw-answers.ts'
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

/**
 * `''` asks for the language-independent config (the site's default texts), which decides the tenant
 * and the redirects before the page language is known; a language asks for the site's own
 * translations of its texts (menus, search placeholder, announcement) in that language.
 */
type SiteLanguage = Lang | ''

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
  /** Upstream data parsed with `schema`; with `cache: true` shared between visitors for `pageTtlMs`. */
  getData<T>(
    host: string,
    path: string,
    body: unknown,
    schema: ZodType<T>,
    context: UpstreamCallContext,
    options: { cache: boolean },
  ): Promise<T>
  /** Forgets one tenant's cached configs and data on this instance (`null`: every tenant's); answers how many entries. */
  purge(host: string | null): number
  /** Forgets these cache keys (cache-keys.ts) on this instance; answers how many were held. */
  forget(keys: Iterable<string>): number
  /** Forgets one tenant's site configs (every language) and page list on this instance; answers how many were held. */
  forgetSite(host: string): number
}

const WEB_GET = '/v1/site_page/web_get'
const SHOW_PATH = '/v1/site_admin/show_path/get'
/** API.md: an unknown `app-domain` answers envelope status 404. */
const NOT_FOUND_STATUS = 404

interface SharedLoad {
  host: string
  context: UpstreamCallContext
}
interface SiteLoad extends SharedLoad {
  language: SiteLanguage
}
interface DataLoad<T> extends SharedLoad {
  path: string
  body: unknown
  schema: ZodType<T>
}
/** A data answer as the cache keeps it: parsed with the schema of the reader that loaded it. */
interface ParsedData {
  schema: ZodType<unknown>
  value: unknown
}

const where = (path: string) => ({ method: 'POST', url: path })

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
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
  }
  const cacheMetrics = (name: string) => (options.metrics ? { metrics: options.metrics.cache(name) } : {})
  const pageCacheOptions = { ...base, ttlMs: options.pageTtlMs, max: options.pageMax ?? options.max }

  /**
   * Context for a load shared by many visitors: the first caller's user-agent and referer, the cache's
   * signal (one visitor leaving must not abort it), and no cookie (a shared answer must not be personal).
   */
  function sharedContext(load: SharedLoad, signal: AbortSignal | undefined): UpstreamCallContext {
    const { userAgent, referer, requestId } = load.context
    return {
      userAgent,
      referer,
      appDomain: load.host,
      ...(signal ? { signal } : {}),
      ...(requestId !== undefined ? { requestId } : {}),
    }
  }

  const tenants = createTenantViews()
  const derived = createObjectMemo()
  const answers = createRawAnswers(upstream)
  const cacheOptions = {
    ...base,
    sizeOf: answers.sizeOf,
    fingerprintOf: answers.fingerprintOf,
    ...(options.shared ? { shared: options.shared } : {}),
  }

  /**
   * `raw` parsed with `schema`, once per raw answer and schema (in the object memo, so it goes with
   * the answer): an answer checked when it is loaded is not parsed again when it is stored or read.
   */
  function parseData<T>(raw: unknown, schema: ZodType<T>, path: string): T {
    const parse = () => parseUpstreamData(schema, raw, where(path))
    return typeof raw === 'object' && raw !== null ? derived.get(raw, schema, parse) : parse()
  }

  const firstAnswers = createFirstSiteAnswers()

  const sites: ConfigCache<SiteConfig, SiteLoad> = createConfigCache<SiteConfig, SiteLoad, unknown>({
    ...cacheOptions,
    ...cacheMetrics('site'),
    ttlMs: options.ttlMs,
    max: options.max,
    onError: (error, key) => onError?.(error, `site refresh for ${describeSiteKey(key)}`),
    parse: (raw) => parseData(raw, webGetReplySchema, WEB_GET).site_config,
    sizeOf: (raw) => (firstAnswers.isShared(raw) ? 0 : answers.sizeOf(raw)),
    load: async (key, { signal, caller, refresh, heldFingerprint }) => {
      const body = { page_path: '', page_language: caller.language, group_path: '' }
      // A first load in a language may be the very bytes of the tenant's language-independent config.
      const sameAs =
        !refresh && caller.language !== '' ? firstAnswers.take(sites.peek(siteKey(caller.host, ''))) : undefined
      // A cold load retries (SPEC §4: three attempts before the startup screen); a background
      // refresh tries once, and the cache's back-off decides when the next one may run.
      const tries = refresh ? 1 : attempts
      for (let attempt = 1; ; attempt++) {
        try {
          const raw = await answers.load(
            WEB_GET,
            body,
            sharedContext(caller, signal),
            heldFingerprint ?? sameAs?.fingerprint,
          )
          if (raw === UNCHANGED) return sameAs === undefined ? raw : firstAnswers.share(sameAs)
          // Checked before it is stored: a wrong shape counts as a failed attempt. The parsed
          // config is kept with the raw one, so storing it does not parse the same answer again.
          const site = parseData(raw, webGetReplySchema, WEB_GET).site_config
          if (!refresh && caller.language === '') firstAnswers.keep(site, raw, answers.fingerprintOf(raw))
          return raw
        } catch (error) {
          // An unknown site is an answer, not a failure: retrying it would only triple the load of junk hosts.
          if (isNotFound(error)) return NOT_FOUND
          if (attempt >= tries || signal.aborted) throw error
          onError?.(error, `site load for ${describeSiteKey(key)}, attempt ${attempt} of ${tries}`)
          await sleep(retryDelayMs, undefined, { signal })
        }
      }
    },
  })

  const pages = createConfigCache<SitePageConfig | null, SharedLoad & { body: object }, unknown>({
    ...cacheOptions,
    ...pageCacheOptions,
    ...cacheMetrics('page'),
    onError: (error, key) => onError?.(error, `page refresh for ${key}`),
    parse: (raw) => parseUpstreamData(webGetPageSchema, raw, where(WEB_GET)).site_page_config,
    load: (_key, { signal, caller, heldFingerprint }) =>
      notFoundAsSymbol(answers.load(WEB_GET, caller.body, sharedContext(caller, signal), heldFingerprint)),
  })

  const showPaths = createConfigCache<ShowPath[], SharedLoad, unknown>({
    ...cacheOptions,
    ...pageCacheOptions,
    ...cacheMetrics('show_path'),
    onError: (error, key) => onError?.(error, `show_path refresh for ${key}`),
    parse: (raw) => parseUpstreamData(showPathRowsSchema, raw, where(SHOW_PATH)).rows,
    load: (_key, { signal, caller, heldFingerprint }) =>
      notFoundAsSymbol(answers.load(SHOW_PATH, {}, sharedContext(caller, signal), heldFingerprint)),
  })

  // Keeps each answer parsed with the schema of the reader that loaded it, and only that copy: the
  // upstream's own object is dropped once parsed (the shared store keeps the text). See getData for
  // a reader with another schema.
  const data = createConfigCache<ParsedData, DataLoad<unknown>, unknown>({
    ...cacheOptions,
    ...pageCacheOptions,
    ...cacheMetrics('data'),
    negativeTtlMs: 0,
    onError: (error, key) => onError?.(error, `data refresh for ${key}`),
    parse: (raw, _key, caller) => ({
      schema: caller.schema,
      value: parseUpstreamData(caller.schema, raw, where(caller.path)),
    }),
    load: (_key, { signal, caller, heldFingerprint }) =>
      answers.load(caller.path, caller.body, sharedContext(caller, signal), heldFingerprint),
  })
  return {
    async getSite(host, context, language = '') {
      try {
        const result = await sites.get(siteKey(host, language), { host, context, language })
        return result.kind === 'found' ? { kind: 'found', site: result.value } : { kind: 'not-found' }
      } catch (error) {
        return { kind: 'unavailable', error }
      }
    },

    tenantOf: tenants.of,
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

    purge(host) {
      let dropped = 0
      for (const cache of [sites, pages, showPaths, data]) {
        const before = cache.size
        if (host === null) cache.clear()
        else cache.deletePrefix(tenantKeyPrefix(host))
        dropped += before - cache.size
      }
      return dropped
    },

    forgetSite(host) {
      const before = sites.size + showPaths.size
      sites.deletePrefix(siteKey(host, ''))
      showPaths.delete(showPathKey(host))
      return before - sites.size - showPaths.size
    },

    forget(keys) {
      let dropped = 0
      for (const key of keys) {
        for (const cache of [sites, pages, showPaths, data]) if (cache.delete(key)) dropped += 1
      }
      return dropped
    },
  }
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
