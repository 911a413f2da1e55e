import type { LoginWay } from '../types.ts'

/**
 * The sign-in ways a visitor can actually use (SPEC §6): e-mail, and Google only with a client id
 * (its button cannot work without one). No usable way: no sign-in control.
 */
export function usableLoginWays(ways: readonly LoginWay[], googleClientId: string): LoginWay[] {
  const usable: LoginWay[] = []
  if (ways.includes('email')) usable.push('email')
  if (ways.includes('google') && googleClientId.trim() !== '') usable.push('google')
  return usable
}
