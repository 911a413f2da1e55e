import { TENANT_HOST } from './attributes.ts'
import type { TraceCarrier } from './trace-carrier.ts'
import { inSpan, inSpanContinuing } from './tracing.ts'

/** What a purge covers (cache/purge-scope.ts `PurgeScope`), as far as its spans tell. */
interface PurgeScope {
  host: string | null
  mode: string
  pages?: unknown
  tags?: unknown
}

/** A purge's attributes: its tenant (absent for every tenant), mode and breadth. */
function purgeAttributes(scope: PurgeScope) {
  const breadth = scope.host === null ? 'all' : scope.pages ? 'pages' : scope.tags ? 'tags' : 'tenant'
  return { [TENANT_HOST]: scope.host ?? undefined, 'purge.mode': scope.mode, 'purge.breadth': breadth }
}

/** A purge made on this instance (the purge endpoint), its fan-out spans under it. */
export function tracePurge<T>(scope: PurgeScope, run: () => Promise<T>): Promise<T> {
  return inSpan('purge', run, purgeAttributes(scope))
}

/** A purge sent on to the other instances (`instances`, through Redis) or to a CDN (its name): a CLIENT span. */
export function tracePurgeFanOut<T>(to: string, run: () => Promise<T>): Promise<T> {
  return inSpan(`purge to ${to}`, run, { 'purge.to': to }, true)
}

/** A purge another instance sent, applied here: in the sender's trace, under its `purge to instances` span. */
export function tracePurgeReceived(scope: PurgeScope, sent: TraceCarrier | undefined, run: () => void): void {
  inSpanContinuing(sent, 'purge received', run, purgeAttributes(scope))
}
