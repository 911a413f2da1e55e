/**
 * What the sign-in dialog does with each answer (SPEC §8). Pure: the dialog shows the message and
 * moves to the panel these answer.
 */
import type { MessageKey } from '../i18n/locales/en.ts'

export interface ApiStatus {
  status: number
  data?: unknown
}

/**
 * The same-origin API's answer to a call over a sign-in limit (HTTP 429, docs/security.md "Sign-in
 * limits"): every form says so in its own words rather than as a failure of its own.
 */
const TOO_MANY_ATTEMPTS = 429

function isTooMany(answer: ApiStatus | null): boolean {
  return answer?.status === TOO_MANY_ATTEMPTS
}

export type LoginOutcome =
  | { kind: 'signed-in' }
  /** 911: shown on the password field. */
  | { kind: 'field'; field: 'password'; key: MessageKey }
  | { kind: 'toast'; key: MessageKey }

/** Login: 0 signed in; 911 loginFailedPleaseRegister on the password field; 914 loginFailedWarnLoginInfo; 429 tooManyAttempts; anything else loginFailed. */
export function loginOutcome(answer: ApiStatus | null): LoginOutcome {
  if (answer?.status === 0) return { kind: 'signed-in' }
  if (isTooMany(answer)) return { kind: 'toast', key: 'tooManyAttempts' }
  if (answer?.status === 911) return { kind: 'field', field: 'password', key: 'loginFailedPleaseRegister' }
  if (answer?.status === 914) return { kind: 'toast', key: 'loginFailedWarnLoginInfo' }
  return { kind: 'toast', key: 'loginFailed' }
}

export type RegisterOutcome =
  | { kind: 'registered'; key: 'registerSuccessfullyPleaseSignInNow' }
  /** 910: already registered, back to the login panel. */
  | { kind: 'already-registered'; key: 'registerAlreadySingInNow' }
  | { kind: 'failed'; key: 'registerFailedPleaseTryAgainLater' | 'tooManyAttempts' }

export function registerOutcome(answer: ApiStatus | null): RegisterOutcome {
  if (answer?.status === 0) return { kind: 'registered', key: 'registerSuccessfullyPleaseSignInNow' }
  if (isTooMany(answer)) return { kind: 'failed', key: 'tooManyAttempts' }
  if (answer?.status === 910) return { kind: 'already-registered', key: 'registerAlreadySingInNow' }
  return { kind: 'failed', key: 'registerFailedPleaseTryAgainLater' }
}

export type SendCodeOutcome =
  | { kind: 'sent' }
  /** `text`: the server's own message (903 with data.err_msg), shown as it came. */
  | { kind: 'failed'; key: MessageKey; text?: string }

/** Send code: 1132 sendFailConnectWebmaster; 903 the server's err_msg, else sendFailConnectWebmaster; 429 tooManyAttempts; other non-zero sendFailConnectWebmaster. */
export function sendCodeOutcome(answer: ApiStatus | null): SendCodeOutcome {
  if (answer?.status === 0) return { kind: 'sent' }
  if (isTooMany(answer)) return { kind: 'failed', key: 'tooManyAttempts' }
  if (answer?.status === 903) {
    const text = errMsgOf(answer.data)
    if (text !== undefined) return { kind: 'failed', key: 'sendFailConnectWebmaster', text }
  }
  return { kind: 'failed', key: 'sendFailConnectWebmaster' }
}

export type ResetOutcome =
  | { kind: 'updated'; key: 'pwdUpdateSucSignInNow' }
  | { kind: 'failed'; key: 'pwdUpdateFail' | 'tooManyAttempts' }

export function resetOutcome(answer: ApiStatus | null): ResetOutcome {
  if (answer?.status === 0) return { kind: 'updated', key: 'pwdUpdateSucSignInNow' }
  return { kind: 'failed', key: isTooMany(answer) ? 'tooManyAttempts' : 'pwdUpdateFail' }
}

/**
 * Third-party login: 0 signs in (and reloads); over a sign-in limit the visitor is told
 * (`too-many`, a tap that seems lost would be tried again); any other status does nothing (SPEC §8).
 */
export function thirdPartyOutcome(answer: ApiStatus | null): 'signed-in' | 'too-many' | 'nothing' {
  if (answer?.status === 0) return 'signed-in'
  return isTooMany(answer) ? 'too-many' : 'nothing'
}

const MAX_SERVER_MESSAGE = 300

function errMsgOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const message = (data as { err_msg?: unknown }).err_msg
  if (typeof message !== 'string' || message.trim() === '') return undefined
  return message.trim().slice(0, MAX_SERVER_MESSAGE)
}
