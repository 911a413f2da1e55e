import type { Envelope } from '../api/envelope.ts'
import { ApiCallError, postApi } from '../api/post-api.ts'

/**
 * The account calls of the sign-in dialog, through the same-origin API (SPEC §7 bodies). Each answers
 * the envelope, or null when no answer came (offline, proxy failure): the outcome rules treat null
 * like any other failure.
 */
async function answerOf(call: string, body: unknown): Promise<Envelope | null> {
  try {
    return await postApi(call, body)
  } catch (error) {
    if (error instanceof ApiCallError) {
      console.warn(error.message)
      return null
    }
    throw error
  }
}

export const accountApi = {
  login: (email: string, password: string) => answerOf('user/login', { email: email.trim(), password }),
  /** SPEC §3: the register body also has avatar and nick_name, sent empty. */
  register: (email: string, password: string, sendCode: string) =>
    answerOf('user/register', { avatar: '', nick_name: '', email: email.trim(), password, send_code: sendCode }),
  /** code_type 0 register, 1 reset (SPEC §7). */
  sendCode: (email: string, codeType: 0 | 1) => answerOf('send_email', { email: email.trim(), code_type: codeType }),
  updatePassword: (email: string, sendCode: string, password: string) =>
    answerOf('user/update_password', { email: email.trim(), send_code: sendCode.trim(), password }),
  thirdPartyLogin: (credential: string) => answerOf('third_party_login', { credential }),
}
