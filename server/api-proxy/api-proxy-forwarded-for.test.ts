import { describe, expect, it } from 'vitest'
import { HOST, json, useProxySite } from './api-proxy.test-helper.ts'

const { start } = useProxySite()
const OK = () => json({ status: 0, info: 'ok', data: {} })

describe('the client address the upstream is told', () => {
  it.each<[string, number, string | undefined, string]>([
    ['no trusted proxy: the peer, whatever the visitor wrote', 0, '6.6.6.6', '127.0.0.1'],
    ['no trusted proxy, nothing written: the peer', 0, undefined, '127.0.0.1'],
    [
      'one trusted hop: the address it appended, not the one written before it',
      1,
      '6.6.6.6, 203.0.113.7',
      '203.0.113.7',
    ],
    ['two trusted hops: the address the furthest one saw', 2, '6.6.6.6, 203.0.113.7, 10.0.0.2', '203.0.113.7'],
    ['one trusted hop whose entry is malformed: the peer', 1, '6.6.6.6, <script>', '127.0.0.1'],
  ])('%s', async (_name, trustProxy, written, expected) => {
    const { site, seen } = await start(OK, { listen: true, trustProxy })
    const response = await site.request('/api/v1/user/login', {
      method: 'POST',
      host: HOST,
      via: 'listener',
      headers: { 'content-type': 'application/json', ...(written ? { 'x-forwarded-for': written } : {}) },
      body: '{}',
    })
    expect(response.status).toBe(200)
    expect(seen).toHaveLength(1)
    // One value, the computed address: nothing the visitor wrote is passed on.
    expect(seen[0]?.headers.get('x-forwarded-for')).toBe(expected)
  })

  it('sends none for a request that came from no socket (app.request)', async () => {
    const { site, seen } = await start(OK, { trustProxy: 1 })
    const response = await site.request('/api/v1/user/login', {
      method: 'POST',
      host: HOST,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '6.6.6.6' },
      body: '{}',
    })
    expect(response.status).toBe(200)
    expect(seen[0]?.headers.get('x-forwarded-for')).toBeNull()
  })
})
