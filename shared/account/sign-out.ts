import { clearStoredUser } from './stored-user.ts'

/**
 * Signs out: the same-origin API expires the HttpOnly session cookie (page scripts cannot), then the
 * stored user is forgotten. Offline, the user is forgotten anyway and the cookie expires on its own.
 */
export async function signOut(): Promise<void> {
  try {
    await fetch('/api/session/end', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      credentials: 'same-origin',
    })
  } catch {
    // See above.
  }
  clearStoredUser()
}
