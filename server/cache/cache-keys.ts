import type { Lang } from '../../shared/types.ts'
import { stableStringify } from './stable-stringify.ts'

/**
 * Every cache key, in one place: the in-memory caches, the shared store (Redis) and the purges all
 * depend on agreeing on them. A key starts with its tenant host and `:`, so a tenant's entries are
 * one prefix (`tenantKeyPrefix`); keys are stable names, the same on every instance and version.
 */

/** The prefix of every key cached for `host`. */
export function tenantKeyPrefix(host: string): string {
  return `${host}:`
}

/** The tenant's site config: language-independent (`''`, the one every request needs) or in a language. */
export function siteKey(host: string, language: Lang | ''): string {
  return language === '' ? `${host}:site` : `${host}:site:${language}`
}

/** A site key as log lines name it: `host` or `host lang`. */
export function describeSiteKey(key: string): string {
  const match = /^(.*):site(?::(.+))?$/.exec(key)
  if (!match) return key
  const [, host = '', language] = match
  return language === undefined ? host : `${host} ${language}`
}

/** Where a content page's config is asked for (web_get). */
export interface PageLocation {
  language: string
  groupPath: string
  pagePath: string
}

/** A content page's config. */
export function pageConfigKey(host: string, page: PageLocation): string {
  return `${host}:page:${JSON.stringify([page.language, page.groupPath, page.pagePath])}`
}

/** The site's content pages (show_path). */
export function showPathKey(host: string): string {
  return `${host}:show_path`
}

/** An upstream data answer, by API path and body (key order in the body does not matter). */
export function dataKey(host: string, path: string, body: unknown): string {
  return `${host}:data:${path}:${stableStringify(body)}`
}

/**
 * A rendered page: everything it depends on after the host (language, the scheme it was asked
 * over, the router path with the query the route reads). The origin in it is the scheme and the
 * tenant host, never the `Host` as sent: a page's absolute links come from the site config
 * (seo/canonical-origin.ts), so a port, a trailing dot or another case in `Host` would only
 * make new keys for the same page, and cost a stranger nothing to make (a flood of copies).
 */
export function htmlKey(host: string, language: Lang, origin: string, routerPath: string): string {
  const scheme = origin.startsWith('https:') ? 'https' : 'http'
  return `${host}:html:${language}:${scheme}://${host}${routerPath}`
}

/** What an HTML key is made of. */
interface HtmlKeyParts {
  host: string
  language: string
  origin: string
  /** Router path with the query, e.g. `/s?query=x`. */
  routerPath: string
}

const HTML_KEY = /^([^:]+):html:([^:]+):(https?:\/\/[^/]+)(\/.*)$/

/** The parts of an HTML key, or null for any other key. */
export function parseHtmlKey(key: string): HtmlKeyParts | null {
  const match = HTML_KEY.exec(key)
  if (match === null) return null
  const [, host = '', language = '', origin = '', routerPath = ''] = match
  return { host, language, origin, routerPath }
}

/**
 * The shared store's index of one tag of `host`: the set of shared keys (pages and upstream
 * answers) carrying it, in the tenant's slot (`sharedKey`).
 */
export function tagIndexKey(host: string, tag: string): string {
  return `${host}:tag:${tag}`
}

/**
 * A key's place in the shared store: the store's `prefix` (REDIS_KEY_PREFIX, so fleets sharing one
 * Redis never meet), then the tenant host in braces, a Redis Cluster hash tag (the Cluster
 * specification, "Hash tags": only the text between the first `{` and the next `}` is hashed):
 * every key of one tenant lives in one slot, so a script may touch a page, its tag indexes and the
 * tenant's purge records together. Every Redis key of a tenant is made here.
 */
export function sharedKey(prefix: string, key: string): string {
  const colon = key.indexOf(':')
  if (colon <= 0) return prefix + key
  return `${prefix}{${key.slice(0, colon)}}${key.slice(colon)}`
}

/** The cache key a shared-store key (`sharedKey`) was made from, or null for a key of another prefix or shape. */
export function unsharedKey(prefix: string, key: string): string | null {
  if (!key.startsWith(`${prefix}{`)) return null
  const close = key.indexOf('}', prefix.length)
  if (close === -1) return null
  return key.slice(prefix.length + 1, close) + key.slice(close + 1)
}

/** The shared-store lock an instance holds while it loads or renders `key` for the fleet. */
export function lockKey(prefix: string, key: string): string {
  return sharedKey(`${prefix}lock:`, key)
}

/** The pub/sub channel purges travel on. */
export function purgeChannel(prefix: string): string {
  return `${prefix}purge`
}

/**
 * The stream every purge is appended to (redis-purge-stream.ts): one key, so one slot of a Redis
 * Cluster, read by every instance. Outside every tenant: no purge deletes it.
 */
export function purgeStreamKey(prefix: string): string {
  return `${prefix}purges`
}

/**
 * The name of the record of the last purge of one mode covering `name` (see purge-marks.ts):
 * `<prefix>purged:<mode>:<name>`. Redis keeps the records of one tenant together in the tenant's
 * set (`tenantRecordsKey`) and those of everything in one set (`globalRecordsKey`).
 */
export function purgeMarkKey(prefix: string, mode: 'soft' | 'hard', name: string): string {
  return `${prefix}purged:${mode}:${name}`
}

/** The sorted set of one tenant's purge records (redis-purge-records.ts), in the tenant's slot. */
export function tenantRecordsKey(prefix: string, host: string): string {
  return sharedKey(prefix, `${host}:purged`)
}

/**
 * A browser asset a build published for the whole fleet (assets/shared-assets.ts), by its
 * content-hashed file name. Outside every tenant's keys, and spared by every purge: a page naming it
 * may be served by any instance for as long as the asset is kept. Every asset and their index share
 * one hash tag (`~` is in no host name), so a Cluster keeps them in one slot and a pipeline over
 * them is allowed.
 */
export function sharedAssetKey(prefix: string, name: string): string {
  return `${prefix}{~assets}:${name}`
}

/** The index of published asset names, each scored with the time its copy expires. */
export function sharedAssetIndexKey(prefix: string): string {
  return `${prefix}{~assets}`
}

/** The sorted set of the records of purges of everything (redis-purge-records.ts). */
export function globalRecordsKey(prefix: string): string {
  return `${prefix}purged:all`
}
