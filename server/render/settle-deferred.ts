import type { StaticHandlerContext } from 'react-router'

/**
 * Gives deferred loader fields one event-loop turn to settle and marks the settled ones the way
 * react-router's <Await> reads (`_tracked`, `_data` / `_error`). A deferred value that came from a
 * cache is then rendered in the shell at once, instead of suspending and forcing a streamed
 * response; slow ones stay pending and stream as usual.
 */
export async function settleDeferred(loaderData: StaticHandlerContext['loaderData']): Promise<void> {
  const pending: Promise<unknown>[] = []
  for (const value of Object.values(loaderData)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue
    for (const field of Object.values(value)) {
      if (!isPromise(field)) continue
      const tracked = field as Promise<unknown> & { _tracked?: boolean; _data?: unknown; _error?: unknown }
      if (tracked._tracked) continue
      tracked._tracked = true
      pending.push(
        field.then(
          (data) => {
            tracked._data = data
          },
          (error: unknown) => {
            tracked._error = error
          },
        ),
      )
    }
  }
  if (pending.length === 0) return
  await Promise.race([Promise.all(pending), new Promise((resolve) => setImmediate(resolve))])
}

function isPromise(value: unknown): value is Promise<unknown> {
  return value instanceof Promise
}
