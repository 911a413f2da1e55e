import { z } from 'zod'
import { defineCall, nowSeconds } from '../call.ts'
import type { Envelope } from '../../../shared/api/envelope.ts'
import { fail, ok, STATUS } from '../envelope.ts'
import { forcedAnswer } from '../forced-answers.ts'
import { readGoogleCredential } from '../accounts/google-credential.ts'
import { code, email, password } from '../schemas.ts'
import { setSessionCookie } from '../accounts/session-cookie.ts'
import type { UserFailure } from '../accounts/users.ts'

// Status of each refusal, as API.md fixes them (912 for a wrong code is the demo's choice).
const FAILURE_STATUS: Record<UserFailure, number> = {
  no_such_account: STATUS.noSuchAccount,
  wrong_credentials: STATUS.wrongCredentials,
  already_registered: STATUS.alreadyRegistered,
  wrong_code: STATUS.wrongCode,
  too_often: STATUS.sendTooOften,
  refused: STATUS.sendRefused,
}

function refusal(reason: UserFailure, message: string): Envelope {
  // 903 carries its message in data.err_msg: the front end shows that text to the visitor (SPEC §8).
  return fail(FAILURE_STATUS[reason], message, reason === 'refused' ? { err_msg: message } : null)
}

export const userCalls = [
  defineCall(
    '/v1/user/login',
    z.object({ email, password: z.string().min(1).max(64) }),
    (body, { c, tenant, users }) => {
      const forced = forcedAnswer('login', body.email)
      if (forced) return forced
      const result = users.login(tenant.site.site_id, body.email, body.password)
      if (!result.ok) return refusal(result.reason, result.message)
      setSessionCookie(c, result.value.token ?? '')
      return ok(result.value)
    },
  ),

  defineCall(
    '/v1/user/register',
    z.object({ avatar: z.string().default(''), nick_name: z.string().default(''), email, password, send_code: code }),
    (body, { tenant, users }) => {
      const forced = forcedAnswer('register', body.email)
      if (forced) return forced
      const result = users.register(tenant.site.site_id, body.email, body.password, body.send_code)
      return result.ok ? ok(null) : refusal(result.reason, result.message)
    },
  ),

  defineCall(
    '/v1/send_email',
    z.object({ email, code_type: z.union([z.literal(0), z.literal(1)]) }),
    (body, { c, tenant, users }) => {
      // The Site-Id header must agree with the site the app-domain names, when the caller sends it.
      const siteId = c.req.header('site-id')
      if (siteId && siteId !== tenant.site.site_id)
        return fail(STATUS.invalidInput, 'Site-Id does not match app-domain')
      const forced = forcedAnswer('send', body.email)
      if (forced) return forced
      const result = users.sendCode(tenant.site.site_id, body.email, body.code_type)
      return result.ok ? ok(null) : refusal(result.reason, result.message)
    },
  ),

  defineCall('/v1/user/update_password', z.object({ email, send_code: code, password }), (body, { tenant, users }) => {
    const result = users.updatePassword(tenant.site.site_id, body.email, body.send_code, body.password)
    return result.ok ? ok(null) : refusal(result.reason, result.message)
  }),

  defineCall('/v1/third_party_login', z.object({ credential: z.string().min(1).max(8192) }), (body, ctx) => {
    const { c, tenant, users } = ctx
    if (!tenant.site.header_config.login_config.login_ways.includes('google')) {
      return fail(STATUS.invalidInput, 'Google sign-in is not enabled on this site')
    }
    const read = readGoogleCredential(body.credential, nowSeconds(ctx))
    if (!read.ok) return fail(STATUS.invalidInput, read.message)
    const user = users.signInExternal(tenant.site.site_id, read.profile.email, {
      ...(read.profile.name ? { nick_name: read.profile.name } : {}),
      ...(read.profile.picture ? { avatar: read.profile.picture } : {}),
    })
    setSessionCookie(c, user.token ?? '')
    return ok(user)
  }),
]
