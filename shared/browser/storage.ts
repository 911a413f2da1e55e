/**
 * localStorage that never throws: storage can be disabled, full or blocked (private modes,
 * embedded browsers), and a remembered preference is never worth a broken page. Browser only:
 * call from effects and handlers.
 */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

/** Stores `value`; answers whether it was stored. */
export function writeStorage(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value)
    return true
  } catch {
    return false
  }
}
