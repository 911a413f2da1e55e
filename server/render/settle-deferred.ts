import type { StaticHandlerContext } from 'react-router'

/**
 * Gives deferred loader fields one event-loop turn to settle and marks the settled ones the way
 * react-router's <Await> reads (`_tracked`, `_data` / `_error`). A deferred value that came from a
 * cache is then rendered in the shell at once, instead of suspending and forcing a streamed
 * response; slow ones stay pending and stream as usual. Resolves to a check of whether every
 * deferred field has settled by the time it is asked (the document's tail waits for all of them).
 */
export async function settleDeferred(loaderData: StaticHandlerContext['loaderData']): Promise<() => boolean> {
  const pending: Promise<unknown>[] = []
  let unsettled = 0
  const settledOne = () => {
    unsettled -= 1
  }
  for (const value of Object.values(loaderData)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue
    for (const field of Object.values(value)) {
      if (!isPromise(field)) continue
      const tracked = field as Promise<unknown> & { _tracked?: boolean; _data?: unknown; _error?: unknown }
      if (!tracked._tracked) {
        tracked._tracked = true
        field.then(
          (data) => {
            tracked._data = data
          },
          (error: unknown) => {
            tracked._error = error
          },
        )
      }
      if (Object.hasOwn(tracked, '_data') || Object.hasOwn(tracked, '_error')) continue
      unsettled += 1
      pending.push(field.then(settledOne, settledOne))
    }
  }
  const allSettled = () => unsettled === 0
  if (pending.length === 0) return allSettled
  await Promise.race([Promise.all(pending), new Promise((resolve) => setImmediate(resolve))])
  return allSettled
}

function isPromise(value: unknown): value is Promise<unknown> {
  return value instanceof Promise
}
