import { describe, expect, it } from 'vitest'
import type { LoginWay } from '../types.ts'
import { usableLoginWays } from './login-ways.ts'

describe('usableLoginWays', () => {
  it.each<[LoginWay[], string, LoginWay[]]>([
    [['email', 'google'], 'id.apps.googleusercontent.com', ['email', 'google']],
    [['google', 'email'], '', ['email']],
    [['google'], '  ', []],
    [['google'], 'id', ['google']],
    [[], 'id', []],
  ])('%j with client id %j → %j', (ways, clientId, expected) => {
    expect(usableLoginWays(ways, clientId)).toEqual(expected)
  })
})
