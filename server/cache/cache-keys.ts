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

/** The prefix of every rendered page of `host`. */
export function htmlKeyPrefix(host: string): string {
  return `${host}:html:`
}

/** The facts an HTML key encodes. */
interface HtmlKeyFacts {
  host: string
  language: string
  origin: string
  /** Router path with the query, e.g. `/s?query=x`. */
  routerPath: string
}

const HTML_KEY = /^([^:]+):html:([^:]+):(https?:\/\/[^/]+)(\/.*)$/

/** The facts of an HTML key, or null for any other key. */
export function parseHtmlKey(key: string): HtmlKeyFacts | null {
  const match = HTML_KEY.exec(key)
  if (match === null) return null
  const [, host = '', language = '', origin = '', routerPath = ''] = match
  return { host, language, origin, routerPath }
}

/**
 * The shared store's index of one tag of `host`: the set of shared keys (pages and upstream
 * answers) carrying it. Under the tenant prefix, so a tenant purge drops it too.
 */
export function tagIndexKey(host: string, tag: string): string {
  return `${host}:tag:${tag}`
}

/** A key's place in the shared store: every instance's keys start with the store's `prefix`. */
export function sharedKey(prefix: string, key: string): string {
  return prefix + key
}

/** The shared-store lock an instance holds while it loads or renders `key` for the fleet. */
export function lockKey(prefix: string, key: string): string {
  return `${prefix}lock:${key}`
}

/** The pub/sub channel purges travel on. */
export function purgeChannel(prefix: string): string {
  return `${prefix}purge`
}

/**
 * The stream every purge is appended to (redis-purge-stream.ts). Outside every tenant's prefix, and
 * spared by a purge of everything: losing it makes every instance find a gap in it.
 */
export function purgeStreamKey(prefix: string): string {
  return `${prefix}purges`
}

/**
 * Where the shared store records the time of the last purge of one mode covering `name` (see
 * purge-marks.ts). Outside every tenant's prefix, so a purge of the tenant never deletes its own record.
 */
export function purgeMarkKey(prefix: string, mode: 'soft' | 'hard', name: string): string {
  return `${prefix}purged:${mode}:${name}`
}

/**
 * A browser asset a build published for the whole fleet (assets/shared-assets.ts), by its
 * content-hashed file name. Outside every tenant's prefix, and spared by every purge: a page
 * naming it may be served by any instance for as long as the asset is kept.
 */
export function sharedAssetKey(prefix: string, name: string): string {
  return `${prefix}asset:${name}`
}

/** The index of published asset names, each scored with the time its copy expires. */
export function sharedAssetIndexKey(prefix: string): string {
  return `${prefix}assets`
}

/** Whether a shared-store key (with its prefix) is a published asset or their index. */
export function isSharedAssetKey(prefix: string, key: string): boolean {
  return key === sharedAssetIndexKey(prefix) || key.startsWith(`${prefix}asset:`)
}

/** Whether a shared-store key (with its prefix) is a purge record. */
export function isPurgeMarkKey(prefix: string, key: string): boolean {
  return key.startsWith(`${prefix}purged:`)
}

/** Whether a cache key is a tag index (`tagIndexKey`). */
export function isTagIndexKey(key: string): boolean {
  return /^[^:]+:tag:/.test(key)
}
