/**
 * Sign-in, sign-up and password-reset rules (SPEC §5), as pure functions. Each answers the message
 * key of the first rule broken (in the spec's order) and the field it belongs to, or null.
 */
import type { MessageKey } from '../i18n/locales/en.ts'

/** SPEC §9: code length 6; password 8 to 15 characters. */
export const CODE_LENGTH = 6
const PASSWORD_MIN = 8
const PASSWORD_MAX = 15
const EMAIL_MAX = 254

/** The special characters a password may contain besides letters and digits. */
const PASSWORD_SPECIALS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?~`'
const PASSWORD_CHARS = new RegExp(`^[A-Za-z0-9${PASSWORD_SPECIALS.replace(/[\\\]^-]/g, '\\$&')}]+$`)

/** A standard address: local part, @, dotted labels, a top-level label of two letters or more. */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$/

export type AccountField = 'email' | 'password' | 'confirm' | 'code'
export interface FieldError {
  field: AccountField
  key: MessageKey
}

function isValidEmail(email: string): boolean {
  const value = email.trim()
  return value.length <= EMAIL_MAX && EMAIL.test(value) && !value.startsWith('.') && !value.includes('..')
}

/** 8 to 15 characters from letters, digits and PASSWORD_SPECIALS, with at least one letter and one digit. */
export function isValidPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN &&
    password.length <= PASSWORD_MAX &&
    PASSWORD_CHARS.test(password) &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password)
  )
}

const fail = (field: AccountField, key: MessageKey): FieldError => ({ field, key })

export function checkEmail(email: string): FieldError | null {
  return isValidEmail(email) ? null : fail('email', 'invalidEmail')
}

/** Sign in: a valid e-mail, then a password that follows the rules. */
export function checkLogin(form: { email: string; password: string }): FieldError | null {
  return checkEmail(form.email) ?? (isValidPassword(form.password) ? null : fail('password', 'passwordInvalid'))
}

/** Sign up (SPEC §5): e-mail, password, then the confirmation, in that order. */
export function checkRegister(form: { email: string; password: string; confirm: string }): FieldError | null {
  return (
    checkEmail(form.email) ??
    (isValidPassword(form.password) ? null : fail('password', 'passwordInvalid')) ??
    (form.confirm === form.password ? null : fail('confirm', 'confirmPasswordErrorTips'))
  )
}

/** Forgot password (SPEC §5), in the spec's order. `codeRequested`: a code was sent for this form. */
export function checkReset(form: {
  email: string
  codeRequested: boolean
  code: string
  password: string
  confirm: string
}): FieldError | null {
  if (!isValidEmail(form.email)) return fail('email', 'invalidEmail')
  if (!form.codeRequested) return fail('code', 'pleaseGetTheCaptchaFirst')
  if (form.code.trim() === '') return fail('code', 'pleaseEnterTheCaptcha')
  if (form.password === '') return fail('password', 'pleaseEnterTheNewPassword')
  if (!isValidPassword(form.password)) return fail('password', 'passwordInvalid')
  if (form.confirm === '') return fail('confirm', 'pleaseConfirmThePassword')
  if (form.confirm !== form.password) return fail('confirm', 'confirmPasswordErrorTips')
  return null
}

/** The six code boxes (SPEC §5): every box holds one character. */
export function checkCode(boxes: readonly string[]): FieldError | null {
  const complete = boxes.length === CODE_LENGTH && boxes.every((box) => [...box].length === 1 && box.trim() !== '')
  return complete ? null : fail('code', 'pleaseEnterTheFullVerificationCode')
}
