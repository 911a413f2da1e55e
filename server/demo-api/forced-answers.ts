import type { Envelope } from '../../shared/api/envelope.ts'
import { fail } from './envelope.ts'

/**
 * Reserved e-mail addresses that make the demo refuse an account call with a chosen status, so every
 * error path of the sign-in dialog (SPEC §8) can be tried by hand and in browser tests:
 * `<call>-<status>@errors.demo`, where call is `login`, `register` or `send` (send_email, both code types).
 * `send-903@errors.demo` carries `data.err_msg`; `send-903-plain@errors.demo` does not. Other calls with
 * such an address behave normally (a `register-910@…` address can ask for its code and gets one).
 */
export type ForcedCall = 'login' | 'register' | 'send'

/** Text of the 903 refusal the demo sends in `data.err_msg`. */
export const FORCED_ERR_MSG = 'The demo mail server refused this address.'

const ADDRESS = /^(login|register|send)-(\d{1,5})(-plain)?@errors\.demo$/

/** The refusal a reserved address forces on `call`, or null for every other address and call. */
export function forcedAnswer(call: ForcedCall, email: string): Envelope | null {
  const match = ADDRESS.exec(email.trim().toLowerCase())
  if (!match || match[1] !== call) return null
  const status = Number(match[2])
  if (status === 0) return null
  const plain = match[3] !== undefined
  return fail(
    status,
    `forced by the reserved address ${email}`,
    status === 903 && !plain ? { err_msg: FORCED_ERR_MSG } : null,
  )
}
