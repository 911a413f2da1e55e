/**
 * A deferred loader field marked the way react-router's <Await> reads it: the server marks the
 * fields that settle before rendering (server/render/settle-deferred.ts), the browser revives every
 * field settled (client/hydration.ts).
 */
type Tracked<T> = Promise<T> & { _tracked?: boolean; _data?: T }

/**
 * The value of a deferred field that has already resolved, read without suspending; `fallback`
 * while it is still pending or when it failed. For data that changes no markup (so the server may
 * render before it arrives) but that the browser wants once hydrated. A value that is not a promise
 * (data rendered from its settled form) is its own value.
 */
export function resolvedOr<T>(deferred: T | Promise<T>, fallback: T): T {
  if (!(deferred instanceof Promise)) return deferred
  const tracked = deferred as Tracked<T>
  return tracked._tracked === true && Object.hasOwn(tracked, '_data') ? (tracked._data as T) : fallback
}
