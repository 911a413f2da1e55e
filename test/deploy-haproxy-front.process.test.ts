import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent, request } from 'undici'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startHaproxy, type TestHaproxy } from './haproxy-server.ts'

// The shipped docs/deploy/haproxy.cfg in Debian's haproxy, in front of two stand-in instances that
// answer with what reached them: TLS ends at the balancer, and each tenant goes to one instance.

interface Echo {
  port: number
  close(): void
}

/** An instance stand-in: /readyz answers 200, anything else the request's headers and its own name. */
async function startEcho(name: string): Promise<Echo> {
  const server = http.createServer((incoming, outgoing) => {
    outgoing.setHeader('content-type', 'application/json')
    outgoing.end(incoming.url === '/readyz' ? '{}' : JSON.stringify({ name, headers: incoming.headers }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}

let echoes: Echo[]
let haproxy: TestHaproxy
/** Trusts the one certificate made for this run, whatever name it is asked for (the made-up tenants are not on it). */
let tls: Agent

async function ask(base: string, host: string, headers: Record<string, string> = {}) {
  const answer = await request(`${base}/page`, { headers: { host, ...headers }, dispatcher: tls })
  expect(answer.statusCode).toBe(200)
  return (await answer.body.json()) as { name: string; headers: Record<string, string> }
}

beforeAll(async () => {
  echoes = [await startEcho('one'), await startEcho('two')]
  haproxy = await startHaproxy([echoes[0]?.port ?? 0, echoes[1]?.port ?? 0], { checkInterval: '200ms' })
  tls = new Agent({ connect: { ca: haproxy.certificate, checkServerIdentity: () => undefined } })
  // Both stand-ins in rotation (their health checks passed).
  await vi.waitFor(
    async () => {
      const names = new Set<string>()
      for (let tenant = 0; tenant < 20; tenant++) names.add((await ask(haproxy.url, `t${tenant}.example`)).name)
      expect(names.size).toBe(2)
    },
    { timeout: 10_000, interval: 200 },
  )
}, 30_000)

afterAll(async () => {
  await tls?.close()
  await haproxy?.stop()
  for (const echo of echoes ?? []) echo.close()
})

describe('the front of the shipped HAProxy config', () => {
  it('terminates TLS with the certificate it is given, and tells the instance the scheme whatever a visitor sent', async () => {
    // A visitor's client checks the name too.
    const strict = new Agent({ connect: { ca: haproxy.certificate } })
    try {
      const answer = await request(`${haproxy.tlsUrl}/page`, {
        headers: { host: 'res.localhost', 'x-forwarded-proto': 'http' },
        dispatcher: strict,
      })
      const secure = (await answer.body.json()) as { headers: Record<string, string> }
      expect(secure.headers['x-forwarded-proto']).toBe('https')
    } finally {
      await strict.close()
    }
    const plain = await ask(haproxy.url, 'res.localhost', { 'x-forwarded-proto': 'https' })
    expect(plain.headers['x-forwarded-proto']).toBe('http')
  })

  it('sends every request of a tenant to one instance, and the tenants to both', async () => {
    const byTenant = new Map<string, Set<string>>()
    for (let round = 0; round < 3; round++)
      for (let tenant = 0; tenant < 20; tenant++) {
        const host = `t${tenant}.example`
        const { name } = await ask(round === 1 ? haproxy.tlsUrl : haproxy.url, host)
        byTenant.set(host, (byTenant.get(host) ?? new Set()).add(name))
      }
    for (const [host, names] of byTenant) expect([host, names.size]).toEqual([host, 1])
    const used = new Set([...byTenant.values()].flatMap((names) => [...names]))
    expect(used.size).toBe(2)
  })
})
