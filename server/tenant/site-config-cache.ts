import { setTimeout as sleep } from 'node:timers/promises'
import type { SiteConfig } from '../../shared/types.ts'
import { describeSiteKey, siteKey } from '../cache/cache-keys.ts'
import { type ConfigCache, createConfigCache, NOT_FOUND, UNCHANGED } from '../cache/config/config-cache.ts'
import { webGetReplySchema } from '../upstream/schemas.ts'
import { createFirstSiteAnswers } from './first-site-answers.ts'
import type { RawAnswers } from './raw-answers.ts'
import {
  type CacheMetricsFor,
  type CommonCacheOptions,
  isNotFound,
  type ParseData,
  type SharedLoad,
  type SiteLanguage,
  sharedContext,
} from './shared-loads.ts'

const WEB_GET = '/v1/site_page/web_get'

/** A site config load: the tenant, the first caller and the language asked for. */
export interface SiteLoad extends SharedLoad {
  language: SiteLanguage
}

/** What the site config cache is built from. */
export interface SiteConfigCacheDeps {
  common: CommonCacheOptions
  metricsFor: CacheMetricsFor
  answers: RawAnswers
  parseData: ParseData
  ttlMs: number
  max: number
  /** Cold load attempts in total. */
  attempts: number
  retryDelayMs: number
  onError: ((error: unknown, what: string) => void) | undefined
}

/**
 * The site configs per host and language. A cold load retries (SPEC §4); an unknown site is
 * remembered as NOT_FOUND; a first load in a language reuses the language-independent answer when
 * the upstream sends the same bytes for it.
 */
export function createSiteConfigCache(deps: SiteConfigCacheDeps): ConfigCache<SiteConfig, SiteLoad> {
  const { answers, parseData, onError } = deps
  const firstAnswers = createFirstSiteAnswers()
  const sites: ConfigCache<SiteConfig, SiteLoad> = createConfigCache<SiteConfig, SiteLoad, unknown>({
    ...deps.common,
    ...deps.metricsFor('site'),
    ttlMs: deps.ttlMs,
    max: deps.max,
    onError: (error, key) => onError?.(error, `site refresh for ${describeSiteKey(key)}`),
    parse: (raw) => parseData(raw, webGetReplySchema, WEB_GET).site_config,
    sizeOf: (raw) => (firstAnswers.isShared(raw) ? 0 : answers.sizeOf(raw)),
    load: async (key, { caller, refresh, heldFingerprint }) => {
      const body = { page_path: '', page_language: caller.language, group_path: '' }
      // A first load in a language may be the very bytes of the tenant's language-independent config.
      const sameAs =
        !refresh && caller.language !== '' ? firstAnswers.take(sites.peek(siteKey(caller.host, ''))) : undefined
      // A cold load retries (SPEC §4: three attempts before the startup screen); a background
      // refresh tries once, and the cache's back-off decides when the next one may run.
      const tries = refresh ? 1 : deps.attempts
      const retried = (error: unknown, attempt: number) =>
        onError?.(error, `site load for ${describeSiteKey(key)}, attempt ${attempt} of ${tries}`)
      return withRetries(tries, deps.retryDelayMs, retried, async () => {
        const raw = await answers.load(WEB_GET, body, sharedContext(caller), heldFingerprint ?? sameAs?.fingerprint)
        if (raw === UNCHANGED) return sameAs === undefined ? raw : firstAnswers.share(sameAs)
        // Checked before it is stored: a wrong shape counts as a failed attempt. The parsed
        // config is held with the raw one, so storing it does not parse the same answer again.
        const site = parseData(raw, webGetReplySchema, WEB_GET).site_config
        if (!refresh && caller.language === '') firstAnswers.hold(site, raw, answers.fingerprintOf(raw))
        return raw
      })
    },
  })
  return sites
}

/** Runs `once` up to `tries` times, `delayMs` apart; an unknown site is an answer, never retried. */
async function withRetries<T>(
  tries: number,
  delayMs: number,
  retried: (error: unknown, attempt: number) => void,
  once: () => Promise<T>,
): Promise<T | typeof NOT_FOUND> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once()
    } catch (error) {
      // An unknown site is an answer, not a failure: retrying it would only triple the load of junk hosts.
      if (isNotFound(error)) return NOT_FOUND
      if (attempt >= tries) throw error
      retried(error, attempt)
      await sleep(delayMs)
    }
  }
}
