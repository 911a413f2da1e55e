import type { Logger } from 'pino'
import type { Tenant } from './site/tenant.ts'
import type { UpstreamCallContext } from './upstream/client.ts'

/** Per-request values set by the middleware chain (STYLE.md convention 2). */
export interface AppEnv {
  Variables: {
    requestId: string
    log: Logger
    tenant: Tenant
    upstreamContext: UpstreamCallContext
    /** The tenant's published origin: canonical, hreflang, sitemap and feed URLs start with it. */
    origin: string
  }
}
