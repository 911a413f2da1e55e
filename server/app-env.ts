import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import type { AnswerPolicy } from './http/answer-policy.ts'
import type { CacheResult } from './http/cache-status.ts'
import type { AdmittedRequest } from './http/request-facts.ts'
import type { Tenant } from './tenant/tenant.ts'
import type { UpstreamCallContext } from './upstream/client.ts'

/** Per-request values set by the middleware chain (STYLE.md convention 2). */
export interface AppEnv {
  /**
   * Node's request and response, set by @hono/node-server on the real server (absent under
   * `app.request()` in tests), and the front door's record of the request (lifecycle/front-door.ts):
   * its facts and its host, read and decided once for every step after.
   */
  Bindings: { incoming?: IncomingMessage; outgoing?: ServerResponse; admitted: AdmittedRequest }
  Variables: {
    requestId: string
    /** A child logger carrying the request id. */
    log: Logger
    /** Metrics label of what answered: a route id, `assets`, `healthz`… never the raw path. */
    routeName: string
    /**
     * This response's Content-Security-Policy nonce. A document's inline scripts are allowed by
     * their hashes instead, so a shared copy carries none; the nonce goes on the scripts React
     * streams after the shell, on every script of a site that loads one by its address, and on the
     * scripts of a handler's own never-shared HTML (docs/security.md "Adding an inline script").
     */
    cspNonce: string
    /**
     * The answer's caching and script rules, decided once by its route (http/answer-policy.ts) and
     * written by answer/answer-writer.ts; `written` for a page the HTML cache answered, whose
     * headers come from its prepared block.
     */
    answer?: AnswerPolicy | 'written'
    /** `scheme://host[:port]` of the page as the visitor addressed it, from the validated Host only. */
    origin: string
    /** What the page cache did for this answer (http/cache-status.ts); unset means `pass`. */
    cacheResult?: CacheResult
    /** The validated tenant key (lower-case host without port) the site is resolved from. */
    tenantHost: string
    tenant: Tenant
    upstreamContext: UpstreamCallContext
    /** The tenant's published origin (server/seo/canonical-origin.ts): canonical, hreflang, sitemap and feed URLs start with it. */
    publicOrigin: string
  }
}
