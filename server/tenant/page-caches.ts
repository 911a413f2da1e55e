import type { ZodType } from 'zod'
import type { ShowPath, SitePageConfig } from '../../shared/types.ts'
import { type ConfigCache, createConfigCache } from '../cache/config/config-cache.ts'
import { parseUpstreamData } from '../upstream/envelope.ts'
import { showPathRowsSchema, webGetPageSchema } from '../upstream/schemas.ts'
import type { RawAnswers } from './raw-answers.ts'
import {
  type CacheMetricsFor,
  type CommonCacheOptions,
  notFoundAsSymbol,
  type SharedLoad,
  sharedContext,
  where,
} from './shared-loads.ts'

const WEB_GET = '/v1/site_page/web_get'
const SHOW_PATH = '/v1/site_admin/show_path/get'

/** A data load: the upstream path and body, and the schema of the reader asking. */
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

/** The caches of what a tenant's pages read: page configs, the page list and shared data answers. */
export interface PageCaches {
  pages: ConfigCache<SitePageConfig | null, SharedLoad & { body: object }>
  showPaths: ConfigCache<ShowPath[], SharedLoad>
  data: ConfigCache<ParsedData, DataLoad<unknown>>
}

/** What the page caches are built from; `ttlMs` and `max` are the pages' own. */
export interface PageCachesDeps {
  common: CommonCacheOptions
  metricsFor: CacheMetricsFor
  answers: RawAnswers
  ttlMs: number
  max: number
  onError: ((error: unknown, what: string) => void) | undefined
}

/** Builds the page config, page list and data caches, each loading through the raw answers. */
export function createPageCaches(deps: PageCachesDeps): PageCaches {
  const { answers, onError } = deps
  const options = { ...deps.common, ttlMs: deps.ttlMs, max: deps.max }

  const pages = createConfigCache<SitePageConfig | null, SharedLoad & { body: object }, unknown>({
    ...options,
    ...deps.metricsFor('page'),
    onError: (error, key) => onError?.(error, `page refresh for ${key}`),
    parse: (raw) => parseUpstreamData(webGetPageSchema, raw, where(WEB_GET)).site_page_config,
    load: (_key, { caller, heldFingerprint }) =>
      notFoundAsSymbol(answers.load(WEB_GET, caller.body, sharedContext(caller), heldFingerprint)),
  })

  const showPaths = createConfigCache<ShowPath[], SharedLoad, unknown>({
    ...options,
    ...deps.metricsFor('show_path'),
    onError: (error, key) => onError?.(error, `show_path refresh for ${key}`),
    parse: (raw) => parseUpstreamData(showPathRowsSchema, raw, where(SHOW_PATH)).rows,
    load: (_key, { caller, heldFingerprint }) =>
      notFoundAsSymbol(answers.load(SHOW_PATH, {}, sharedContext(caller), heldFingerprint)),
  })

  // Keeps each answer parsed with the schema of the reader that loaded it, and only that copy: the
  // upstream's own object is dropped once parsed (the shared store keeps the text). See getData in
  // site-repository.ts for a reader with another schema.
  const data = createConfigCache<ParsedData, DataLoad<unknown>, unknown>({
    ...options,
    ...deps.metricsFor('data'),
    negativeTtlMs: 0,
    onError: (error, key) => onError?.(error, `data refresh for ${key}`),
    parse: (raw, _key, caller) => ({
      schema: caller.schema,
      value: parseUpstreamData(caller.schema, raw, where(caller.path)),
    }),
    load: (_key, { caller, heldFingerprint }) =>
      answers.load(caller.path, caller.body, sharedContext(caller), heldFingerprint),
  })

  return { pages, showPaths, data }
}
