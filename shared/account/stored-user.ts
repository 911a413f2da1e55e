import { useSyncExternalStore } from 'react'
import { safeMediaUrl } from '../rules/safe-url.ts'
import { USER_STORAGE_KEY } from './user-storage.ts'

/** The signed-in visitor as the browser keeps it (API.md UserInfo, never with its token). */
export interface StoredUser {
  user_id: string
  email: string
  nick_name: string
  avatar: string
}

export { USER_STORAGE_KEY }

// Inline (data:image) avatars are kept up to this size, far beyond an address's length.
const AVATAR_MAX_LENGTH = 100_000

/**
 * Parses stored or upstream user info: unknown keys (the token among them) are dropped, a field of the
 * wrong type or size becomes empty, and without a user id there is no user. Hand-written rather than a
 * schema library: the header (and so every first page load) uses it.
 */
export function parseUser(value: unknown): StoredUser | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const record = value as Record<string, unknown>
  const id =
    typeof record.user_id === 'number' && Number.isFinite(record.user_id) ? String(record.user_id) : record.user_id
  if (typeof id !== 'string' || id.trim() === '' || id.length > 128) return null
  return {
    user_id: id,
    email: text(record.email, 320),
    nick_name: text(record.nick_name, 200),
    avatar: text(record.avatar, AVATAR_MAX_LENGTH),
  }
}

function text(value: unknown, max: number): string {
  return typeof value === 'string' && value.length <= max ? value : ''
}

/** An avatar is an image source like any other (http(s), a site path, data:image); anything else is dropped. */
export function safeAvatar(url: string): string {
  return safeMediaUrl(url, AVATAR_MAX_LENGTH) ?? ''
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null // storage disabled (privacy settings): nobody is remembered
  }
}

/**
 * Reads the stored user (SPEC §3: the token is removed on load). Broken or foreign values are removed
 * instead of trusted; a stored token is written away at once.
 */
function loadStoredUser(): StoredUser | null {
  const store = storage()
  const raw = store?.getItem(USER_STORAGE_KEY)
  if (!store || raw == null) return null
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    json = undefined
  }
  const user = parseUser(json)
  if (user === null) {
    store.removeItem(USER_STORAGE_KEY)
    return null
  }
  if (typeof json === 'object' && json !== null && 'token' in json)
    store.setItem(USER_STORAGE_KEY, JSON.stringify(user))
  return user
}

const listeners = new Set<() => void>()
let snapshot: { raw: string | null; user: StoredUser | null } | null = null

function current(): StoredUser | null {
  const raw = storage()?.getItem(USER_STORAGE_KEY) ?? null
  if (snapshot === null || snapshot.raw !== raw) {
    const user = loadStoredUser()
    snapshot = { raw: storage()?.getItem(USER_STORAGE_KEY) ?? null, user }
  }
  return snapshot.user
}

function notify(): void {
  for (const listener of listeners) listener()
}

/** Remembers the signed-in user (without the token). */
export function saveStoredUser(value: unknown): StoredUser | null {
  const user = parseUser(value)
  if (user !== null) storage()?.setItem(USER_STORAGE_KEY, JSON.stringify(user))
  notify()
  return user
}

export function clearStoredUser(): void {
  storage()?.removeItem(USER_STORAGE_KEY)
  notify()
}

/** Calls `listener` whenever the stored user may have changed, here or in another document of the site. */
export function subscribeStoredUser(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === USER_STORAGE_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The stored user now (the same object while the stored value is unchanged). */
export function currentStoredUser(): StoredUser | null {
  return current()
}

/**
 * The signed-in user, after hydration only: the server and the hydrating browser both answer null,
 * so the HTML is the same for every visitor and pages stay cacheable. Follows other tabs too.
 */
export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribeStoredUser, current, () => null)
}
