import { useSyncExternalStore } from 'react'

/**
 * The global loading flag (SPEC §2 "Loading overlay"). A count rather than a boolean, so two calls in
 * flight at once do not hide the overlay when the first one ends.
 */
let pending = 0
const listeners = new Set<() => void>()

function emit(): void {
  for (const listener of listeners) listener()
}

/** Shows the overlay; call the returned function (once) to take this share of it away again. */
export function startLoading(): () => void {
  pending += 1
  emit()
  let done = false
  return () => {
    if (done) return
    done = true
    pending -= 1
    emit()
  }
}

/** Runs `task` with the overlay shown, hiding it however the task ends. */
export async function withLoading<T>(task: () => Promise<T>): Promise<T> {
  const stop = startLoading()
  try {
    return await task()
  } finally {
    stop()
  }
}

/** The flag right now (for code outside React). */
export function isGlobalLoading(): boolean {
  return pending > 0
}

/** True while anything has the overlay shown. Always false on the server and while hydrating. */
export function useGlobalLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    isGlobalLoading,
    () => false,
  )
}
