import { parseHtmlKey, purgeMarkKey, showPathKey, siteKey } from '../cache-keys.ts'
import type { PurgeScope } from './purge-scope.ts'

/**
 * Purge records in the shared store: for each scope a purge can name (everything, a host, a page in
 * a language, a tag, one rendered page), the time of the last soft and of the last hard purge
 * covering it, kept for the pages' stale window. A shared page stored before a hard record is
 * absent, before a soft one stale, on every instance (a new one too); a render that started
 * before a record covering it is not written.
 */

type Mode = 'soft' | 'hard'

/** The record names of everything and of a whole host. */
const ALL = '*'
const hostName = (host: string) => `host:${host}`
const pathName = (host: string, language: string, routerPathname: string) =>
  `path:${host}:${language}:${routerPathname}`
const tagName = (host: string, tag: string) => `tag:${host}:${tag}`
const pageName = (key: string) => `page:${key}`

/** The records a rendered page under `key` (with these tags) is judged by, per mode. */
export function pageMarks(prefix: string, key: string, tags: readonly string[] = []): Record<Mode, string[]> {
  const facts = parseHtmlKey(key)
  const names = [ALL, pageName(key)]
  if (facts !== null) {
    const query = facts.routerPath.indexOf('?')
    names.push(
      hostName(facts.host),
      pathName(facts.host, facts.language, query === -1 ? facts.routerPath : facts.routerPath.slice(0, query)),
    )
    for (const tag of tags) names.push(tagName(facts.host, tag))
  }
  return {
    soft: names.map((name) => purgeMarkKey(prefix, 'soft', name)),
    hard: names.map((name) => purgeMarkKey(prefix, 'hard', name)),
  }
}

/** The records a purge writes (its own mode): pages found through a tag index are marked one by one (`pageMark`). */
export function scopeMarks(prefix: string, scope: PurgeScope): string[] {
  const { host } = scope
  if (host === null) return [purgeMarkKey(prefix, scope.mode, ALL)]
  if (scope.tags !== undefined) return scope.tags.map((tag) => purgeMarkKey(prefix, scope.mode, tagName(host, tag)))
  if (scope.pages === undefined) return [purgeMarkKey(prefix, scope.mode, hostName(host))]
  return scope.pages.flatMap((page) =>
    page.languages.map((language) => purgeMarkKey(prefix, scope.mode, pathName(host, language, page.routerPathname))),
  )
}

/** The record of one rendered page, written for the pages a tag purge finds in its index. */
export function pageMark(prefix: string, mode: Mode, key: string): string {
  return purgeMarkKey(prefix, mode, pageName(key))
}

/** What a shared copy stored at `storedAt` is worth, given the times read from its soft and hard records. */
export function judgeStored(
  storedAt: number,
  soft: readonly (number | undefined)[],
  hard: readonly (number | undefined)[],
): 'current' | 'stale' | 'absent' {
  const latest = (times: readonly (number | undefined)[]) =>
    Math.max(-Infinity, ...times.filter((time) => time !== undefined))
  if (storedAt <= latest(hard)) return 'absent'
  return storedAt <= latest(soft) ? 'stale' : 'current'
}

/**
 * The records an upstream answer or site config stored under `key` is judged by: everything and
 * its host (every purge of a host drops its answers), and for the site config the `site` tag.
 */
export function entryMarks(prefix: string, key: string): string[] {
  const host = key.slice(0, key.indexOf(':'))
  const names = [ALL, hostName(host)]
  if (key === showPathKey(host) || key.startsWith(siteKey(host, ''))) names.push(tagName(host, 'site'))
  return names.flatMap((name) => [purgeMarkKey(prefix, 'soft', name), purgeMarkKey(prefix, 'hard', name)])
}

/**
 * What a shared upstream answer stored at `storedAt` is worth, given the times read for its
 * `entryMarks` (in their order): a soft purge of everything leaves it stale (answered while it is
 * loaded again, as the instances keep theirs); any other record covering it makes it absent.
 */
export function judgeEntry(storedAt: number, times: readonly (number | undefined)[]): 'current' | 'stale' | 'absent' {
  const [softAll, ...others] = times
  if (others.some((time) => time !== undefined && storedAt <= time)) return 'absent'
  return softAll !== undefined && storedAt <= softAll ? 'stale' : 'current'
}

/**
 * The tenant a record name (`soft:tag:a.example:post:1`) belongs to, or null for the records of
 * everything (`soft:*`): each tenant's records are kept apart (redis-purge-records.ts).
 */
export function recordHost(name: string): string | null {
  const scope = name.slice(name.indexOf(':') + 1)
  if (scope === ALL) return null
  const rest = scope.slice(scope.indexOf(':') + 1)
  const end = rest.indexOf(':')
  return end === -1 ? rest : rest.slice(0, end)
}

/** The record a tenant's oldest records fold into when it has too many: its whole host. */
export function hostRecord(host: string): string {
  return hostName(host)
}
