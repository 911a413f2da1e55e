import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../app-env.ts'
import { nextNonce, securityHeaders } from './security-headers.ts'

describe('nextNonce', () => {
  it('gives 128 random bits per nonce and never repeats one, across refills of its pool', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 2000; i += 1) {
      const nonce = nextNonce()
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
      seen.add(nonce)
    }
    expect(seen.size).toBe(2000)
  })
})

describe('securityHeaders', () => {
  it('puts the nonce the page sees into its own response Content-Security-Policy, a new one per response', async () => {
    const app = new Hono<AppEnv>()
    app.use(securityHeaders({ hsts: false }))
    app.get('/', (c) => c.text(c.var.cspNonce))
    const answers = await Promise.all([app.request('/'), app.request('/')])
    const nonces = await Promise.all(answers.map((answer) => answer.text()))
    for (const [index, answer] of answers.entries()) {
      expect(answer.headers.get('content-security-policy')).toContain(`script-src 'self' 'nonce-${nonces[index]}' 'strict-dynamic'`)
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    }
    expect(nonces[0]).not.toBe(nonces[1])
  })
})
