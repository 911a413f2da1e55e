import { afterAll, describe, expect, it } from 'vitest'
import { Agent, request } from 'undici'
import { HOST, json, useProxySite } from './api-proxy.test-helper.ts'

// The sign-in limits over real sockets, where the client address is the socket's peer: each
// loopback address (127.0.0.0/8) is another client.
const { start, post } = useProxySite()

const agents = new Map<string, Agent>()
afterAll(async () => {
  await Promise.all([...agents.values()].map((agent) => agent.close()))
})

/** A POST to the listening app from `localAddress` (undici 7 takes it on the agent; `connect.localAddress` is overridden). */
async function postFrom(base: string, localAddress: string, path: string, body: unknown) {
  const agent = agents.get(localAddress) ?? new Agent({ localAddress })
  agents.set(localAddress, agent)
  const answer = await request(`${base}${path}`, {
    method: 'POST',
    dispatcher: agent,
    headers: { host: HOST, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: answer.statusCode, headers: answer.headers, body: (await answer.body.json()) as unknown }
}

const sent = () => json({ status: 0, info: 'ok', data: null })

describe('sign-in limits', () => {
  it('lets 10 codes an hour from one address reach the upstream and answers the rest 429 with Retry-After', async () => {
    const { site, seen } = await start(sent, { listen: true })
    const base = site.url ?? ''
    const answers = []
    for (let i = 0; i < 60; i++)
      answers.push(await postFrom(base, '127.0.0.1', '/api/v1/send_email', { email: `v${i}@x.test`, code_type: 0 }))
    expect(seen.filter((entry) => entry.path === '/v1/send_email')).toHaveLength(10)
    expect(answers.slice(0, 10).every((answer) => answer.status === 200)).toBe(true)
    const refused = answers.slice(10)
    expect(refused.every((answer) => answer.status === 429)).toBe(true)
    for (const answer of refused) {
      const seconds = Number(answer.headers['retry-after'])
      expect(seconds).toBeGreaterThan(3500)
      expect(seconds).toBeLessThanOrEqual(3600)
      expect(answer.headers['cache-control']).toBe('private, no-store')
      expect(answer.body).toEqual({
        status: 429,
        info: 'Too many attempts, please try again later',
        data: { retry_after: seconds },
      })
    }
    // Another client is still served.
    const other = await postFrom(base, '127.0.0.2', '/api/v1/send_email', { email: 'w@x.test', code_type: 0 })
    expect(other.status).toBe(200)
    expect(seen.filter((entry) => entry.path === '/v1/send_email')).toHaveLength(11)
  })

  it('sends at most 5 codes an hour to one e-mail, from however many addresses', async () => {
    const { site, seen } = await start(sent, { listen: true })
    const statuses = []
    for (let i = 1; i <= 7; i++)
      statuses.push(
        (
          await postFrom(site.url ?? '', `127.0.0.${i}`, '/api/v1/send_email', {
            email: ' Victim@X.test',
            code_type: 1,
          })
        ).status,
      )
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
    expect(seen).toHaveLength(5)
  })

  it('checks 10 passwords of one e-mail per 15 minutes', async () => {
    const { site, seen } = await start(() => json({ status: 914, info: 'wrong', data: null }), { listen: true })
    const statuses = []
    for (let i = 0; i < 12; i++)
      statuses.push(
        (
          await postFrom(site.url ?? '', `127.0.0.${1 + (i % 3)}`, '/api/v1/user/login', {
            email: 'a@x.test',
            password: `p${i}`,
          })
        ).status,
      )
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429])
    expect(seen).toHaveLength(10)
    const wait = await postFrom(site.url ?? '', '127.0.0.9', '/api/v1/user/login', { email: 'a@x.test', password: 'p' })
    expect(Number(wait.headers['retry-after'])).toBeLessThanOrEqual(900)
  })

  it('takes hostile e-mails in its stride: another type counts by address only, a long one by its first 254 characters', async () => {
    const { seen } = await start(sent)
    const statuses = []
    for (const email of [42, null, ['a@x.test'], { a: 1 }])
      statuses.push((await post('/api/v1/send_email', { email })).status)
    // Six addresses alike in their first 254 characters: one counter, 5 an hour.
    for (let i = 0; i < 6; i++)
      statuses.push((await post('/api/v1/send_email', { email: `${'a'.repeat(200_000)}${i}@x.test` })).status)
    expect(statuses).toEqual([...Array(9).fill(200), 429])
    expect(seen).toHaveLength(9)
  })

  it('counts requests without a client address (app.request) in one bucket', async () => {
    const { seen } = await start(sent)
    const statuses = []
    for (let i = 0; i < 11; i++) statuses.push((await post('/api/v1/send_email', { email: `v${i}@x.test` })).status)
    expect(statuses).toEqual([...Array(10).fill(200), 429])
    expect(seen).toHaveLength(10)
  })
})
