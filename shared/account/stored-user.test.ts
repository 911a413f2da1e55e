import { describe, expect, it } from 'vitest'
import { parseUser, safeAvatar } from './stored-user.ts'

describe('parseUser', () => {
  it.each([
    [
      { user_id: 'u1', email: 'a@b.co', nick_name: 'Ada', avatar: 'https://x/a.png', token: 'secret', extra: 1 },
      { user_id: 'u1', email: 'a@b.co', nick_name: 'Ada', avatar: 'https://x/a.png' },
    ],
    [
      { user_id: 42, email: 'a@b.co' },
      { user_id: '42', email: 'a@b.co', nick_name: '', avatar: '' },
    ],
    [
      { user_id: 'u1', email: 7, nick_name: null, avatar: {} },
      { user_id: 'u1', email: '', nick_name: '', avatar: '' },
    ],
    [
      { user_id: 'u1', nick_name: 'x'.repeat(201) },
      { user_id: 'u1', email: '', nick_name: '', avatar: '' },
    ],
    [{ user_id: '' }, null],
    [{ user_id: '   ' }, null],
    [{ user_id: 'x'.repeat(129) }, null],
    [{ user_id: Number.NaN }, null],
    [{ email: 'a@b.co' }, null],
    [[{ user_id: 'u1' }], null],
    ['u1', null],
    [null, null],
  ])('%j → %j', (value, expected) => {
    expect(parseUser(value)).toEqual(expected)
  })
})

describe('safeAvatar', () => {
  it.each([
    ['https://cdn.example/a.webp', 'https://cdn.example/a.webp'],
    ['http://cdn.example/a.png', 'http://cdn.example/a.png'],
    ['/uploads/a.png', '/uploads/a.png'],
    ['data:image/svg+xml;utf8,<svg/>', 'data:image/svg+xml;utf8,<svg/>'],
    ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
    ['//evil.example/a.png', ''],
    ['/\\evil.example/a.png', ''],
    ['https://user:pass@evil.example/a.png', ''],
    [`data:image/png;base64,${'A'.repeat(50_000)}`, `data:image/png;base64,${'A'.repeat(50_000)}`],
    ['javascript:alert(1)', ''],
    ['data:text/html,<script>', ''],
    ['', ''],
  ])('%j → %j', (url, expected) => {
    expect(safeAvatar(url)).toBe(expected)
  })
})
