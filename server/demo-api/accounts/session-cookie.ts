import type { Context } from 'hono'
import { setCookie } from 'hono/cookie'
import { SESSION_TTL_MS } from './users.ts'

/** Name of the sign-in cookie; the front end forwards it between the browser and the upstream. */
export const SESSION_COOKIE = 'demo_session'

/** HttpOnly so page scripts never see it; host-only, since the front end re-issues it on the tenant's domain. */
export function setSessionCookie(c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  })
}
