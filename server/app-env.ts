import type { Logger } from 'pino'
import type { Tenant } from './tenant/tenant.ts'
import type { UpstreamCallContext } from './upstream/client.ts'

/** Per-request values set by the middleware chain (STYLE.md convention 2). */
export interface AppEnv {
  Variables: {
    requestId: string
    log: Logger
    tenant: Tenant
    upstreamContext: UpstreamCallContext
    /** The Content-Security-Policy nonce of this response, when one is set; cached pages get theirs filled in. */
    nonce?: string
  }
}
