import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Logger } from 'pino'
import { z } from 'zod'
import type { AppEnv } from '../app-env.ts'
import type { Purger } from '../cache/purge-bus.ts'
import { normalizeHost } from '../tenant/normalize-host.ts'
import type { SiteRepository } from '../tenant/site-repository.ts'

export interface PurgeRouteOptions {
  /** Bearer token the caller must send. */
  token: string
  purger: Purger
  /** Finds the tenant's other host names (its domain and aliases) from its site config. */
  sites?: SiteRepository
}

const purgeBody = z.union([z.strictObject({ host: z.string().max(300) }), z.strictObject({ all: z.literal(true) })])

/**
 * `POST /_internal/purge` with `{"host": "<tenant host>"}` or `{"all": true}`: drops that tenant's
 * (or every tenant's) configs, page data and cached HTML on every instance, under the host given
 * and under the domain and aliases its site config names.
 */
export function purgeRoutes(options: PurgeRouteOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  routes.post(
    '/',
    async function authorize(c, next) {
      if (!hasToken(c.req.header('authorization'), options.token)) {
        return c.json({ error: 'unauthorized' }, 401, { 'www-authenticate': 'Bearer' })
      }
      await next()
    },
    bodyLimit({ maxSize: 4096, onError: (c) => c.json({ error: 'body too large' }, 413) }),
    async function purge(c) {
      let json: unknown
      try {
        json = await c.req.json()
      } catch {
        return c.json({ error: 'body must be JSON' }, 400)
      }
      const parsed = purgeBody.safeParse(json)
      if (!parsed.success) return c.json({ error: 'expected {"host": "<host>"} or {"all": true}' }, 400)
      const host = 'host' in parsed.data ? normalizeHost(parsed.data.host) : null
      if ('host' in parsed.data && host === null) return c.json({ error: 'host is not a valid host name' }, 400)
      const hosts = host === null ? [null] : await tenantHosts(host, options.sites, c.get('log'))
      for (const each of hosts) await options.purger.purge(each)
      const purged = host === null ? '*' : hosts
      c.get('log').info({ purged }, 'cache purged')
      return c.json({ purged }, 200, { 'cache-control': 'no-store' })
    },
  )
  return routes
}

/** `Authorization: Bearer <token>`, compared in constant time (digests hide the length too). */
function hasToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '')
  if (!match) return false
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(match[1]!), digest(token))
}

/** `host` first, then the other names its site answers on; just `host` when its config cannot be had. */
async function tenantHosts(host: string, sites: SiteRepository | undefined, log: Logger): Promise<string[]> {
  const hosts = new Set([host])
  if (sites === undefined) return [host]
  const found = await sites.getSite(host, { userAgent: 'tenant-sites purge', referer: '', appDomain: host })
  if (found.kind === 'unavailable') log.warn({ err: found.error, host }, 'purge: site config unavailable, purging the given host only')
  if (found.kind !== 'found') return [host]
  for (const name of [found.site.domain, ...found.site.alias_domain]) {
    const normalized = normalizeHost(name)
    if (normalized !== null) hosts.add(normalized)
  }
  return [...hosts]
}
