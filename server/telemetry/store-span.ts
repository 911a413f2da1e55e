import { inSpan } from './tracing.ts'

/**
 * A shared-store (Redis) operation as a CLIENT span, named by the store's operation (`get`, `set`,
 * `lock`, …: a fixed set), timed where shared_store_command_duration_seconds is.
 */
export function traceStoreCommand<T>(operation: string, run: () => Promise<T>): Promise<T> {
  return inSpan(`redis ${operation}`, run, { 'db.system.name': 'redis', 'db.operation.name': operation }, true)
}
