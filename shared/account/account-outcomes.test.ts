import { describe, expect, it } from 'vitest'
import { loginOutcome, registerOutcome, resetOutcome, sendCodeOutcome, thirdPartyOutcome } from './account-outcomes.ts'

describe('login outcomes (SPEC §8)', () => {
  it.each([
    [{ status: 0 }, { kind: 'signed-in' }],
    [{ status: 911 }, { kind: 'field', field: 'password', key: 'loginFailedPleaseRegister' }],
    [{ status: 914 }, { kind: 'toast', key: 'loginFailedWarnLoginInfo' }],
    [
      { status: 429, data: { retry_after: 600 } },
      { kind: 'toast', key: 'tooManyAttempts' },
    ],
    [{ status: 500 }, { kind: 'toast', key: 'loginFailed' }],
    [{ status: 403 }, { kind: 'toast', key: 'loginFailed' }],
    [null, { kind: 'toast', key: 'loginFailed' }],
  ])('%j → %j', (answer, expected) => {
    expect(loginOutcome(answer)).toEqual(expected)
  })
})

describe('register outcomes', () => {
  it.each([
    [{ status: 0 }, 'registered', 'registerSuccessfullyPleaseSignInNow'],
    [{ status: 910 }, 'already-registered', 'registerAlreadySingInNow'],
    [{ status: 912 }, 'failed', 'registerFailedPleaseTryAgainLater'],
    [{ status: 429 }, 'failed', 'tooManyAttempts'],
    [null, 'failed', 'registerFailedPleaseTryAgainLater'],
  ])('%j → %s', (answer, kind, key) => {
    expect(registerOutcome(answer)).toEqual({ kind, key })
  })
})

describe('send code outcomes', () => {
  it.each([
    [{ status: 0, data: null }, { kind: 'sent' }],
    [
      { status: 1132, data: { err_msg: 'too often' } },
      { kind: 'failed', key: 'sendFailConnectWebmaster' },
    ],
    [
      { status: 903, data: { err_msg: '  Mailbox refused  ' } },
      { kind: 'failed', key: 'sendFailConnectWebmaster', text: 'Mailbox refused' },
    ],
    [
      { status: 903, data: { err_msg: '' } },
      { kind: 'failed', key: 'sendFailConnectWebmaster' },
    ],
    [
      { status: 903, data: { err_msg: 42 } },
      { kind: 'failed', key: 'sendFailConnectWebmaster' },
    ],
    [
      { status: 903, data: null },
      { kind: 'failed', key: 'sendFailConnectWebmaster' },
    ],
    [
      { status: 500, data: null },
      { kind: 'failed', key: 'sendFailConnectWebmaster' },
    ],
    [null, { kind: 'failed', key: 'sendFailConnectWebmaster' }],
    [
      { status: 429, data: { retry_after: 3600 } },
      { kind: 'failed', key: 'tooManyAttempts' },
    ],
  ])('%j → %j', (answer, expected) => {
    expect(sendCodeOutcome(answer)).toEqual(expected)
  })

  it('cuts a very long server message', () => {
    const outcome = sendCodeOutcome({ status: 903, data: { err_msg: 'x'.repeat(1000) } })
    expect(outcome.kind === 'failed' && outcome.text?.length).toBe(300)
  })
})

describe('password update and third-party outcomes', () => {
  it.each([
    [{ status: 0 }, { kind: 'updated', key: 'pwdUpdateSucSignInNow' }],
    [{ status: 912 }, { kind: 'failed', key: 'pwdUpdateFail' }],
    [{ status: 429 }, { kind: 'failed', key: 'tooManyAttempts' }],
    [null, { kind: 'failed', key: 'pwdUpdateFail' }],
  ])('reset %j → %j', (answer, expected) => {
    expect(resetOutcome(answer)).toEqual(expected)
  })

  it.each([
    [{ status: 0 }, 'signed-in'],
    [{ status: 100 }, 'nothing'],
    [{ status: 429 }, 'too-many'],
    [null, 'nothing'],
  ])('third party %j → %s', (answer, expected) => {
    expect(thirdPartyOutcome(answer)).toBe(expected)
  })
})
