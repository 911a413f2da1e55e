import { randomInt, randomUUID, scryptSync, timingSafeEqual, randomBytes } from 'node:crypto'
import type { Logger } from 'pino'
import type { UserInfo } from '../../../shared/content-types.ts'
import { avatarFor } from '../data/media.ts'

/** SPEC §9: a new code may be sent once per 60 s per e-mail. */
const RESEND_INTERVAL_MS = 60_000
/** How long a sent code stays valid. */
const CODE_TTL_MS = 10 * 60_000
/** How long a session cookie stays valid. */
export const SESSION_TTL_MS = 7 * 24 * 3600_000

export type CodeType = 0 | 1

interface StoredUser {
  user: Omit<UserInfo, 'token'>
  /** null for accounts created by Google sign-in, which have no password yet. */
  passwordHash: Buffer | null
  salt: Buffer
}

export type UserResult<T> = { ok: true; value: T } | { ok: false; reason: UserFailure; message: string }
export type UserFailure =
  | 'no_such_account'
  | 'wrong_credentials'
  | 'already_registered'
  | 'wrong_code'
  | 'too_often'
  | 'refused'

export interface UserStoreOptions {
  now: () => number
  log: Logger
}

/**
 * In-memory accounts, verification codes and sessions, scoped by site id (each site has its own users,
 * as on the real upstream). Nothing survives a restart, which is what a demo wants.
 */
export function createUserStore({ now, log }: UserStoreOptions) {
  const accounts = createAccounts()
  const codes = createCodes(now, log)
  const sessions = createSessions(now)

  return {
    /** Creates an account directly (demo accounts). */
    seed(siteId: string, email: string, password: string, profile: Partial<UserInfo> = {}): void {
      accounts.add(siteId, email, password, profile)
    },

    sendCode(siteId: string, email: string, type: CodeType): UserResult<null> {
      const exists = accounts.get(siteId, email) !== undefined
      if (type === 1 && !exists) return failure('refused', 'No account uses this e-mail address.')
      if (type === 0 && exists) return failure('refused', 'This e-mail address is already registered, please sign in.')
      return codes.send(siteId, email, type)
    },

    register(siteId: string, email: string, password: string, code: string): UserResult<null> {
      if (accounts.get(siteId, email) !== undefined)
        return failure('already_registered', 'This e-mail address is already registered.')
      if (!codes.take(siteId, email, 0, code))
        return failure('wrong_code', 'The verification code is wrong or has expired.')
      accounts.add(siteId, email, password)
      log.info({ site_id: siteId, email }, 'account registered')
      return { ok: true, value: null }
    },

    login(siteId: string, email: string, password: string): UserResult<UserInfo> {
      const stored = accounts.get(siteId, email)
      if (!stored) return failure('no_such_account', 'No account uses this e-mail address, please register.')
      const given = hash(password, stored.salt)
      if (stored.passwordHash === null || !timingSafeEqual(given, stored.passwordHash)) {
        return failure('wrong_credentials', 'The e-mail address or the password is wrong.')
      }
      return { ok: true, value: sessions.start(siteId, stored) }
    },

    updatePassword(siteId: string, email: string, code: string, password: string): UserResult<null> {
      const stored = accounts.get(siteId, email)
      if (!stored) return failure('no_such_account', 'No account uses this e-mail address.')
      if (!codes.take(siteId, email, 1, code))
        return failure('wrong_code', 'The verification code is wrong or has expired.')
      stored.passwordHash = hash(password, stored.salt)
      return { ok: true, value: null }
    },

    /** Signs in (creating the account on first use) someone whose e-mail a third party vouched for. */
    signInExternal(siteId: string, email: string, profile: { nick_name?: string; avatar?: string }): UserInfo {
      const stored = accounts.get(siteId, email) ?? accounts.add(siteId, email, null, profile)
      return sessions.start(siteId, stored)
    },

    /** The signed-in user of a session token, if the session is alive and belongs to this site. */
    sessionUser(siteId: string, token: string | undefined): Omit<UserInfo, 'token'> | undefined {
      const email = sessions.emailOf(siteId, token)
      return email === undefined ? undefined : accounts.get(siteId, email)?.user
    },
  }
}

const userKey = (siteId: string, email: string) => `${siteId}|${email.toLowerCase()}`
// A small scrypt cost keeps tests fast; the point is only that plain passwords are never kept.
const hash = (password: string, salt: Buffer) => scryptSync(password, salt, 32, { N: 1024 })

function failure<T>(reason: UserFailure, message: string): UserResult<T> {
  return { ok: false, reason, message }
}

/** The accounts of every site, numbered in the order they were made. */
function createAccounts() {
  const users = new Map<string, StoredUser>()
  let nextUserNumber = 1
  return {
    get: (siteId: string, email: string) => users.get(userKey(siteId, email)),
    add(siteId: string, email: string, password: string | null, profile: Partial<UserInfo> = {}): StoredUser {
      const salt = randomBytes(16)
      const nick = profile.nick_name || email.split('@')[0] || email
      const stored: StoredUser = {
        user: {
          user_id: `u${String(nextUserNumber++).padStart(5, '0')}`,
          email: email.toLowerCase(),
          nick_name: nick,
          avatar: profile.avatar || avatarFor(nick),
        },
        passwordHash: password === null ? null : hash(password, salt),
        salt,
      }
      users.set(userKey(siteId, email), stored)
      return stored
    },
  }
}

/** Verification codes: one live code per address and purpose, sent at most once a minute, used once. */
function createCodes(now: () => number, log: Logger) {
  const codes = new Map<string, { code: string; expiresAt: number }>()
  const lastSent = new Map<string, number>()
  const codeKey = (siteId: string, email: string, type: CodeType) => `${userKey(siteId, email)}|${type}`
  return {
    send(siteId: string, email: string, type: CodeType): UserResult<null> {
      const last = lastSent.get(userKey(siteId, email))
      if (last !== undefined && now() - last < RESEND_INTERVAL_MS) {
        return failure('too_often', 'A code was sent less than 60 seconds ago.')
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      codes.set(codeKey(siteId, email, type), { code, expiresAt: now() + CODE_TTL_MS })
      lastSent.set(userKey(siteId, email), now())
      // The demo has no mail server: the code goes to the log so a person can read it and finish signing up.
      log.info({ site_id: siteId, email, code_type: type, code }, `verification code for ${email}: ${code}`)
      return { ok: true, value: null }
    },
    take(siteId: string, email: string, type: CodeType, code: string): boolean {
      const key = codeKey(siteId, email, type)
      const entry = codes.get(key)
      if (!entry || entry.expiresAt < now() || entry.code !== code) return false
      codes.delete(key) // single use
      return true
    },
  }
}

/** Session tokens, each bound to one site and one address until it expires. */
function createSessions(now: () => number) {
  const sessions = new Map<string, { siteId: string; email: string; expiresAt: number }>()
  return {
    start(siteId: string, stored: StoredUser): UserInfo {
      const token = randomUUID()
      sessions.set(token, { siteId, email: stored.user.email, expiresAt: now() + SESSION_TTL_MS })
      return { ...stored.user, token }
    },
    /** The address signed in with `token` on this site, while its session is alive. */
    emailOf(siteId: string, token: string | undefined): string | undefined {
      if (!token) return undefined
      const session = sessions.get(token)
      if (!session || session.siteId !== siteId) return undefined
      if (session.expiresAt < now()) {
        sessions.delete(token)
        return undefined
      }
      return session.email
    },
  }
}

export type UserStore = ReturnType<typeof createUserStore>
