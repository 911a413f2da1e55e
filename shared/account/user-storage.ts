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
