import { describe, expect, it } from 'vitest'
import type { VaryingOn } from '../http/answer-policy.ts'
import { securityPolicy } from '../http/security-policy.ts'
import { varyLine } from './policy-lines.ts'

const security = securityPolicy({ hsts: false })

describe('varyLine', () => {
  it.each<[readonly VaryingOn[] | undefined, boolean, boolean, string | undefined]>([
    [undefined, false, false, undefined],
    [[], false, false, undefined],
    [undefined, true, false, 'Accept-Encoding'],
    [['Accept-Language', 'Cookie'], true, false, 'Accept-Language, Cookie, Accept-Encoding'],
    [['Accept-Language', 'Cookie'], true, true, 'Accept-Language, Cookie, Accept-Encoding, X-Forwarded-Host'],
    [['Accept'], false, true, 'Accept, X-Forwarded-Host'],
    [['Accept-Encoding'], true, false, 'Accept-Encoding'],
    [['Accept-Encoding'], false, false, 'Accept-Encoding'],
    [undefined, false, true, 'X-Forwarded-Host'],
  ])('%j, coded %j, forwarded host %j → %j', (named, coded, varyOnForwardedHost, expected) => {
    expect(varyLine(named, { coded }, { security, varyOnForwardedHost })).toBe(expected)
  })
})
