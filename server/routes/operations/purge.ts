import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Logger } from 'pino'
import { z } from 'zod'
import type { AppEnv } from '../../app-env.ts'
import type { SiteConfig } from '../../../shared/types.ts'
import { TAG_PATTERN } from '../../cache/entity-tags.ts'
import type { PurgeOutcome, Purger } from '../../cache/purge/purger.ts'
import type { PageTarget } from '../../cache/purge/purge-scope.ts'
import type { CdnForwarder } from '../../cdn/cdn-forwarder.ts'
import { forwardToCdns, type PurgeForCdns } from '../../cdn/cdn-targets.ts'
import { normalizeHost } from '../../tenant/normalize-host.ts'
import type { SiteRepository } from '../../tenant/site-repository.ts'
import { toTenant } from '../../tenant/tenant.ts'
import type { CachePolicyLookup } from '../page-decision.ts'
import { sameSiteHosts, toPageTargets } from './purge-targets.ts'

export interface PurgeRouteOptions {
  /** Bearer token the caller must send. */
  token: string
  purger: Purger
  /** Finds the tenant's other host names (its domain and aliases) from its site config. */
  sites?: SiteRepository
  /** Resolves the router path of a purged address (with `sites`). */
  policyOf?: CachePolicyLookup
  /** Sends each purge on to the CDNs in front once this instance and the fleet have purged (docs/freshness.md). */
  cdn?: CdnForwarder
}

const mode = z.enum(['soft', 'hard'], { error: 'mode must be "soft" or "hard"' }).default('soft')
const purgeBody = z.union(
  [
    z.strictObject({ all: z.literal(true), mode }),
    z
      .strictObject({
        host: z.string().max(300),
        mode,
        paths: z.array(z.string().max(2048).regex(/^\//, 'a path starts with /')).min(1).max(1000).optional(),
        tags: z
          .array(
            z.string().max(200).regex(
              TAG_PATTERN,
              // Tags are made with their ids percent-encoded (cache/entity-tags.ts): a raw one would match nothing.
              'a tag is "site" or "<entity>:<id>" with the id percent-encoded as pages carry it, e.g. "resource:r3", "group:g%2C%E6%B3%95"',
            ),
          )
          .min(1)
          .max(1000)
          .optional(),
      })
      .refine((body) => body.paths === undefined || body.tags === undefined, 'give paths or tags, not both'),
  ],
  {
    error:
      'expected {"host": "<host>"}, {"host": "<host>", "paths": ["/…"]}, {"host": "<host>", "tags": ["…"]} or {"all": true}, each with an optional "mode": "soft" | "hard"',
  },
)

/**
 * `POST /_internal/purge`: `{"host"}` purges a tenant, `{"host", "paths": [...]}` the pages at those
 * visitor addresses (every language of a path without prefix, and the page configs and data they
 * were built from), `{"host", "tags": [...]}` the pages and upstream answers carrying those tags
 * (recorded while pages render), `{"all": true}` every tenant; under the host given and under the
 * domain and aliases its site config names that the upstream maps to that same site (never another
 * tenant's). Soft by default (pages are marked stale: the next visitor gets the old copy while one
 * re-render runs); `"mode": "hard"` drops them. Upstream answers
 * are dropped in both modes. Answers what this instance purged and whether the others were reached
 * (docs/freshness.md).
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
    bodyLimit({ maxSize: 65_536, onError: (c) => c.json({ error: 'body too large' }, 413) }),
    async function purge(c) {
      const read = readPurgeBody(await c.req.json().catch(() => NOT_JSON))
      if ('error' in read) return c.json({ error: read.error }, 400, NO_STORE)
      const log = c.get('log')
      const body = read.body
      if ('all' in body) return c.json(await purgeEverything(body.mode, options, log), 200, NO_STORE)
      const host = normalizeHost(body.host)
      if (host === null) return c.json({ error: 'host is not a valid host name' }, 400, NO_STORE)
      const tenant = await tenantHosts(host, options.sites, log)
      const pages = body.paths === undefined ? undefined : pagesOf(host, tenant.site, body.paths, options.policyOf)
      if (pages !== undefined && 'error' in pages) return c.json({ error: pages.error }, pages.status, NO_STORE)
      const answer = await purgeHosts(tenant.hosts, body, pages, options)
      log.info({ purged: tenant.hosts, mode: body.mode, paths: body.paths, tags: body.tags, answer }, 'cache purged')
      return c.json(answer, 200, NO_STORE)
    },
  )
  return routes
}

const NO_STORE = { 'cache-control': 'no-store' }

/** Stands for a body that is not JSON: no JSON value is this object. */
const NOT_JSON = Symbol('not JSON')

type PurgeBody = z.infer<typeof purgeBody>
type HostPurge = Exclude<PurgeBody, { all: true }>

/** The purge a request body asks for, or the message of its 400. */
function readPurgeBody(json: unknown): { body: PurgeBody } | { error: string } {
  if (json === NOT_JSON) return { error: 'body must be JSON' }
  const parsed = purgeBody.safeParse(json)
  return parsed.success ? { body: parsed.data } : { error: z.prettifyError(parsed.error) }
}

/** Every tenant, here and in the fleet, then the CDNs. */
async function purgeEverything(mode: PurgeBody['mode'], options: PurgeRouteOptions, log: Logger) {
  const outcome = await options.purger.purge({ host: null, mode })
  log.info({ purged: '*', mode, outcome }, 'cache purged')
  const cdn = await forwardToCdns(options.cdn, { mode, hosts: null })
  return { ...answerOf([outcome], ['*']), ...cdn }
}

/** The pages named by `paths`, for this server and for the CDNs. */
interface PurgedPages {
  targets: PageTarget[]
  cdn: NonNullable<PurgeForCdns['pages']>
}

/**
 * The pages at `paths`, resolved as for a visit of `host`; an error when one names no page (400) or
 * when the site config they are resolved with cannot be had (503).
 */
function pagesOf(
  host: string,
  site: SiteConfig | undefined,
  paths: readonly string[],
  policyOf: CachePolicyLookup | undefined,
): PurgedPages | { status: 400 | 503; error: string } {
  if (site === undefined || policyOf === undefined) {
    return {
      status: 503,
      error: 'the site config of this host is unavailable, so its paths cannot be resolved: purge the host instead',
    }
  }
  const view = toTenant(host, site)
  const targets = toPageTargets(view, paths, policyOf)
  if (!targets.ok) return { status: 400, error: `${JSON.stringify(targets.path)} does not name a page of ${host}` }
  return { targets: targets.pages, cdn: { tenant: view, targets: targets.pages } }
}

/** Each of a tenant's hosts (narrowed to `pages` or the body's tags), here and in the fleet, then the CDNs. */
async function purgeHosts(
  hosts: string[],
  body: HostPurge,
  pages: PurgedPages | undefined,
  options: PurgeRouteOptions,
) {
  const outcomes: PurgeOutcome[] = []
  const narrowed = { ...(pages ? { pages: pages.targets } : {}), ...(body.tags ? { tags: body.tags } : {}) }
  for (const each of hosts) outcomes.push(await options.purger.purge({ host: each, mode: body.mode, ...narrowed }))
  // The CDNs last: their next fetch must find this purge done everywhere.
  const cdn = await forwardToCdns(options.cdn, {
    mode: body.mode,
    hosts,
    ...(body.tags ? { tags: body.tags } : {}),
    ...(pages ? { pages: pages.cdn } : {}),
  })
  return { ...answerOf(outcomes, hosts), ...cdn }
}

/**
 * The answer: what this instance purged, the hosts, and whether the shared store took the purge
 * (its records, deletes and delivery to every instance). `unavailable` comes with `queued`: this
 * instance holds the purge and sends it again until the store takes it; sending it again is safe.
 */
function answerOf(outcomes: PurgeOutcome[], hosts: string[]) {
  const purged = { pages: 0, data: 0 }
  for (const outcome of outcomes) {
    purged.pages += outcome.pages
    purged.data += outcome.data
  }
  const shared = outcomes.some((outcome) => outcome.shared === 'unavailable')
    ? 'unavailable'
    : (outcomes[0]?.shared ?? 'none')
  return { purged, hosts, shared, ...(shared === 'unavailable' ? { queued: true } : {}) }
}

/** `Authorization: Bearer <token>`, compared in constant time (digests hide the length too). */
function hasToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1]
  if (given === undefined) return false
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(token))
}

/**
 * `host` first, then the other names its site answers on (those its config lists that the upstream
 * maps to the same site: sameSiteHosts), with its site config; just `host` when its config cannot be had.
 */
async function tenantHosts(
  host: string,
  sites: SiteRepository | undefined,
  log: Logger,
): Promise<{ hosts: string[]; site?: SiteConfig }> {
  if (sites === undefined) return { hosts: [host] }
  const lookup = (name: string) =>
    sites.getSite(name, { userAgent: 'tenant-sites purge', referer: '', appDomain: name })
  const found = await lookup(host)
  if (found.kind === 'unavailable')
    log.warn({ err: found.error, host }, 'purge: site config unavailable, purging the given host only')
  if (found.kind !== 'found') return { hosts: [host] }
  const names = await sameSiteHosts(host, found.site, async (name) => {
    const other = await lookup(name)
    return other.kind === 'found' ? other.site.site_id : null
  })
  if (names.skipped.length > 0)
    log.warn(
      { host, skipped: names.skipped },
      'purge: listed names that are not (or not now) this same site are left out',
    )
  return { hosts: names.hosts, site: found.site }
}
