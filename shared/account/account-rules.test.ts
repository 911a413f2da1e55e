import { describe, expect, it } from 'vitest'
import { checkCode, checkEmail, checkLogin, checkRegister, checkReset, isValidPassword } from './account-rules.ts'

describe('checkEmail', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@example.com', true],
    ['  padded@example.com  ', true],
    ['user@sub.domain.example.org', true],
    ['register-910@errors.demo', true],
    ['', false],
    ['plain', false],
    ['a@b', false],
    ['a@b.c', false],
    ['a@@b.co', false],
    ['a b@c.co', false],
    ['a@-b.co', false],
    ['a@b-.co', false],
    ['.a@b.co', false],
    ['a..b@c.co', false],
    ['a@b..co', false],
    ['a@b.co.', false],
    ['a@b.c0', false],
    [`${'x'.repeat(250)}@b.co`, false],
  ])('%j → %s', (email, valid) => {
    expect(checkEmail(email)).toEqual(valid ? null : { field: 'email', key: 'invalidEmail' })
  })
})

describe('isValidPassword', () => {
  it.each([
    ['abcdefg1', true],
    ['A1!@#$%^&*()_+-=', false], // 16 characters
    ['A1!@#$%^&*()_+-', true],
    ['pass[]{};:"\\|1', true],
    ["x1',.<>/?~`", true],
    ['abcdefgh', false], // no digit
    ['12345678', false], // no letter
    ['abc1234', false], // 7 characters
    ['abcdefghijklmn12', false], // 16 characters
    ['abcd 1234', false], // space
    ['abcdé1234', false], // letter outside A-Z
    ['abcd1234€', false],
    ['', false],
  ])('%j → %s', (password, valid) => {
    expect(isValidPassword(password)).toBe(valid)
  })
})

describe('checkLogin', () => {
  it.each([
    [
      { email: 'bad', password: '' },
      { field: 'email', key: 'invalidEmail' },
    ],
    [
      { email: 'a@b.co', password: 'short1' },
      { field: 'password', key: 'passwordInvalid' },
    ],
    [{ email: 'a@b.co', password: 'goodpass1' }, null],
  ])('%j → %j', (form, expected) => {
    expect(checkLogin(form)).toEqual(expected)
  })
})

describe('checkRegister (e-mail, password, confirmation, in that order)', () => {
  it.each([
    [
      { email: 'bad', password: 'x', confirm: 'y' },
      { field: 'email', key: 'invalidEmail' },
    ],
    [
      { email: 'a@b.co', password: 'nodigits', confirm: 'y' },
      { field: 'password', key: 'passwordInvalid' },
    ],
    [
      { email: 'a@b.co', password: 'good1234', confirm: 'good12345' },
      { field: 'confirm', key: 'confirmPasswordErrorTips' },
    ],
    [
      { email: 'a@b.co', password: 'good1234', confirm: '' },
      { field: 'confirm', key: 'confirmPasswordErrorTips' },
    ],
    [{ email: 'a@b.co', password: 'good1234', confirm: 'good1234' }, null],
  ])('%j → %j', (form, expected) => {
    expect(checkRegister(form)).toEqual(expected)
  })
})

describe('checkReset (SPEC §5 order)', () => {
  const ok = { email: 'a@b.co', codeRequested: true, code: '123456', password: 'good1234', confirm: 'good1234' }
  it.each([
    [
      { ...ok, email: 'bad', codeRequested: false, code: '' },
      { field: 'email', key: 'invalidEmail' },
    ],
    [
      { ...ok, codeRequested: false, code: '', password: '' },
      { field: 'code', key: 'pleaseGetTheCaptchaFirst' },
    ],
    [
      { ...ok, code: '  ', password: '' },
      { field: 'code', key: 'pleaseEnterTheCaptcha' },
    ],
    [
      { ...ok, password: '', confirm: '' },
      { field: 'password', key: 'pleaseEnterTheNewPassword' },
    ],
    [
      { ...ok, password: 'short', confirm: '' },
      { field: 'password', key: 'passwordInvalid' },
    ],
    [
      { ...ok, confirm: '' },
      { field: 'confirm', key: 'pleaseConfirmThePassword' },
    ],
    [
      { ...ok, confirm: 'good12345' },
      { field: 'confirm', key: 'confirmPasswordErrorTips' },
    ],
    [ok, null],
  ])('%j → %j', (form, expected) => {
    expect(checkReset(form)).toEqual(expected)
  })
})

describe('checkCode', () => {
  it.each([
    [['1', '2', '3', '4', '5', '6'], null],
    [['a', 'B', '3', '4', '5', '6'], null],
    [['1', '2', '3', '4', '5', ''], { field: 'code', key: 'pleaseEnterTheFullVerificationCode' }],
    [['1', '2', '3', '4', '5', ' '], { field: 'code', key: 'pleaseEnterTheFullVerificationCode' }],
    [['12', '3', '4', '5', '6', '7'], { field: 'code', key: 'pleaseEnterTheFullVerificationCode' }],
    [['1', '2', '3', '4', '5'], { field: 'code', key: 'pleaseEnterTheFullVerificationCode' }],
  ])('%j → %j', (boxes, expected) => {
    expect(checkCode(boxes)).toEqual(expected)
  })
})
