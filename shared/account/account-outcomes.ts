/**
 * What the sign-in dialog does with each answer (SPEC §8). Pure: the dialog shows the message and
 * moves to the panel these answer.
 */
import type { MessageKey } from '../i18n/locales/en.ts'

export interface ApiStatus {
  status: number
  data?: unknown
}

export type LoginOutcome =
  | { kind: 'signed-in' }
  /** 911: shown on the password field. */
  | { kind: 'field'; field: 'password'; key: MessageKey }
  | { kind: 'toast'; key: MessageKey }

/** Login: 0 signed in; 911 loginFailedPleaseRegister on the password field; 914 loginFailedWarnLoginInfo; anything else loginFailed. */
export function loginOutcome(answer: ApiStatus | null): LoginOutcome {
  if (answer?.status === 0) return { kind: 'signed-in' }
  if (answer?.status === 911) return { kind: 'field', field: 'password', key: 'loginFailedPleaseRegister' }
  if (answer?.status === 914) return { kind: 'toast', key: 'loginFailedWarnLoginInfo' }
  return { kind: 'toast', key: 'loginFailed' }
}

export type RegisterOutcome =
  | { kind: 'registered'; key: 'registerSuccessfullyPleaseSignInNow' }
  /** 910: already registered, back to the login panel. */
  | { kind: 'already-registered'; key: 'registerAlreadySingInNow' }
  | { kind: 'failed'; key: 'registerFailedPleaseTryAgainLater' }

export function registerOutcome(answer: ApiStatus | null): RegisterOutcome {
  if (answer?.status === 0) return { kind: 'registered', key: 'registerSuccessfullyPleaseSignInNow' }
  if (answer?.status === 910) return { kind: 'already-registered', key: 'registerAlreadySingInNow' }
  return { kind: 'failed', key: 'registerFailedPleaseTryAgainLater' }
}

export type SendCodeOutcome =
  | { kind: 'sent' }
  /** `text`: the server's own message (903 with data.err_msg), shown as it came. */
  | { kind: 'failed'; key: MessageKey; text?: string }

/** Send code: 1132 sendFailConnectWebmaster; 903 the server's err_msg, else sendFailConnectWebmaster; other non-zero the same. */
export function sendCodeOutcome(answer: ApiStatus | null): SendCodeOutcome {
  if (answer?.status === 0) return { kind: 'sent' }
  if (answer?.status === 903) {
    const text = errMsgOf(answer.data)
    if (text !== undefined) return { kind: 'failed', key: 'sendFailConnectWebmaster', text }
  }
  return { kind: 'failed', key: 'sendFailConnectWebmaster' }
}

export type ResetOutcome = { kind: 'updated'; key: 'pwdUpdateSucSignInNow' } | { kind: 'failed'; key: 'pwdUpdateFail' }

export function resetOutcome(answer: ApiStatus | null): ResetOutcome {
  return answer?.status === 0
    ? { kind: 'updated', key: 'pwdUpdateSucSignInNow' }
    : { kind: 'failed', key: 'pwdUpdateFail' }
}

/** Third-party login: 0 signs in (and reloads); any other status does nothing (SPEC §8). */
export function thirdPartyOutcome(answer: ApiStatus | null): 'signed-in' | 'nothing' {
  return answer?.status === 0 ? 'signed-in' : 'nothing'
}

const MAX_SERVER_MESSAGE = 300

function errMsgOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const message = (data as { err_msg?: unknown }).err_msg
  if (typeof message !== 'string' || message.trim() === '') return undefined
  return message.trim().slice(0, MAX_SERVER_MESSAGE)
}
