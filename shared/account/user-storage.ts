import { useEffect, useState } from 'react'

/** Where the browser keeps the signed-in user (stored-user.ts reads and writes it). */
export const USER_STORAGE_KEY = 'account.user'

/**
 * Whether anyone may be signed in, without reading or checking the value: the header's account
 * slot loads the code that does (stored-user.ts) only when this is true, so a visitor who never
 * signed in downloads none of it.
 */
export function hasStoredUser(storage: () => Storage | null = localStorageOrNull): boolean {
  return storage()?.getItem(USER_STORAGE_KEY) != null
}

function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null // storage disabled (privacy settings): nobody is remembered
  }
}

/**
 * True once someone may be signed in: at mount when a user is stored, or when another document of
 * the site stores one. False on the server and while hydrating, so the HTML is the same for all.
 */
export function useMaybeSignedIn(enabled = true): boolean {
  const [maybe, setMaybe] = useState(false)
  useEffect(() => {
    if (!enabled || maybe) return
    if (hasStoredUser()) {
      setMaybe(true)
      return
    }
    const onStorage = (event: StorageEvent) => {
      if (event.key === USER_STORAGE_KEY && event.newValue !== null) setMaybe(true)
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [enabled, maybe])
  return maybe
}
