import type { ZodType } from 'zod'
import type { Lang } from '../../shared/types.ts'
import { type ConfigCacheOptions, NOT_FOUND } from '../cache/config/config-cache.ts'
import { UpstreamStatusError } from '../errors.ts'
import type { UpstreamCallContext } from '../upstream/client.ts'

/**
 * `''` asks for the language-independent config (the site's default texts), which decides the tenant
 * and the redirects before the page language is known; a language asks for the site's own
 * translations of its texts (menus, search placeholder, announcement) in that language.
 */
export type SiteLanguage = Lang | ''

/** Who asked for a load that many visitors share: the tenant and the first caller's request. */
export interface SharedLoad {
  host: string
  context: UpstreamCallContext
}

/** The options every cache of the site repository shares (freshness, bounds, clock, shared layer). */
export type CommonCacheOptions = Pick<
  ConfigCacheOptions<unknown, unknown, unknown>,
  'staleMs' | 'negativeTtlMs' | 'now' | 'backoff' | 'random' | 'maxBytes' | 'sizeOf' | 'fingerprintOf' | 'shared'
>

/** A cache's metrics under its name, or nothing when the repository has no metrics. */
/** A cache's name (its metrics label and span name) and its metrics. */
export type CacheMetricsFor = (name: string) => Pick<ConfigCacheOptions<unknown>, 'metrics' | 'name'>

/** Parses an upstream answer with a schema, once per answer and schema. */
export type ParseData = <T>(raw: unknown, schema: ZodType<T>, path: string) => T

/** The address an error names for an upstream path (the base URL is the client's). */
export const where = (path: string) => ({ method: 'POST', url: path })

/** API.md: an unknown `app-domain` answers envelope status 404. */
const NOT_FOUND_STATUS = 404

/**
 * Context for a load shared by many visitors: the first caller's user-agent and referer, no cookie
 * (a shared answer must not be personal), and no visitor's signal unless given (a cached load serves
 * many visitors: one leaving must not abort it).
 */
export function sharedContext(load: SharedLoad, signal?: AbortSignal): UpstreamCallContext {
  const { userAgent, referer, requestId } = load.context
  return {
    userAgent,
    referer,
    appDomain: load.host,
    ...(signal ? { signal } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
  }
}

/** True for the upstream's answer that it knows no such site or page. */
export function isNotFound(error: unknown): boolean {
  return error instanceof UpstreamStatusError && error.status === NOT_FOUND_STATUS
}

/** The load's answer, with "no such site or page" as the cache's NOT_FOUND instead of an error. */
export async function notFoundAsSymbol<T>(promise: Promise<T>): Promise<T | typeof NOT_FOUND> {
  try {
    return await promise
  } catch (error) {
    if (isNotFound(error)) return NOT_FOUND
    throw error
  }
}
