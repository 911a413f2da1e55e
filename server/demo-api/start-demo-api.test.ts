import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { startDemoApi } from './start-demo-api.ts'

describe('startDemoApi', () => {
  it('listens on 127.0.0.1 with a free port, answers calls and closes', async () => {
    const { url, close } = await startDemoApi({ log: pino({ level: 'silent' }) })
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    try {
      const response = await fetch(`${url}/v1/site_admin/show_path/get`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'app-domain': 'nav.localhost' },
        body: '{}',
      })
      expect(response.status).toBe(200)
      const body = (await response.json()) as { status: number; data: { rows: unknown[] } }
      expect(body.status).toBe(0)
      expect(body.data.rows.length).toBeGreaterThan(0)
    } finally {
      await close()
    }
    await expect(fetch(`${url}/v1/site_admin/show_path/get`, { method: 'POST', body: '{}' })).rejects.toThrow()
  })
})
