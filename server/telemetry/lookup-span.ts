import { inSpan } from './tracing.ts'
import type { OpenSpan } from './trace-runtime.ts'

/**
 * A lookup in one of the upstream caches (site configs, page configs, show paths, page data) as a
 * span `load <cache>`, whose `cache.result` the cache sets: hit, stale or miss (a miss's upstream
 * call and shared-store reads are its children).
 */
export function traceLookup<T>(cache: string, run: (span: OpenSpan | undefined) => Promise<T>): Promise<T> {
  return inSpan(`load ${cache}`, run, { 'cache.name': cache })
}
