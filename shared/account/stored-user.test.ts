import { describe, expect, it } from 'vitest'
import { parseUser } from './stored-user.ts'

describe('parseUser', () => {
  it.each([
    ['a complete user', { user_id: 'u1', email: 'a@b.c', nick_name: 'A', avatar: '/a.png' }, { user_id: 'u1', email: 'a@b.c', nick_name: 'A', avatar: '/a.png' }],
    ['a numeric id becomes a string', { user_id: 42, email: 'a@b.c', nick_name: '', avatar: '' }, { user_id: '42', email: 'a@b.c', nick_name: '', avatar: '' }],
    ['the token and unknown keys are dropped', { user_id: 'u1', email: 'a@b.c', nick_name: 'A', avatar: '', token: 'secret', extra: 1 }, { user_id: 'u1', email: 'a@b.c', nick_name: 'A', avatar: '' }],
    ['wrong field types fall back to empty', { user_id: 'u1', email: 5, nick_name: null, avatar: {} }, { user_id: 'u1', email: '', nick_name: '', avatar: '' }],
    ['an over-long e-mail falls back to empty', { user_id: 'u1', email: 'x'.repeat(321), nick_name: '', avatar: '' }, { user_id: 'u1', email: '', nick_name: '', avatar: '' }],
  ])('keeps %s', (_name, input, expected) => {
    expect(parseUser(input)).toEqual(expected)
  })

  it.each([
    ['no id', { email: 'a@b.c' }],
    ['an empty id', { user_id: '' }],
    ['an id past 128 characters', { user_id: 'x'.repeat(129) }],
    ['an array', [1, 2]],
    ['a string', 'user'],
    ['null', null],
  ])('refuses %s', (_name, input) => {
    expect(parseUser(input)).toBeNull()
  })
})
