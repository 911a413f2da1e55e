import { afterEach, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../../test/harness.ts'
import { captureLog } from '../../../test/log-capture.ts'
import { createReadiness } from '../../lifecycle/readiness.ts'

describe('health and readiness', () => {
  let site: TestSite | undefined
  afterEach(async () => {
    await site?.close()
    site = undefined
  })

  it('/healthz answers for any Host without resolving a tenant, and is not logged at info', async () => {
    const capture = captureLog('info')
    site = await startTestSite({ log: capture.log })
    for (const host of ['res.localhost', 'nobody.localhost', '10.0.0.7:3000']) {
      const response = await site.request('/healthz', { host })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ status: 'ok' })
      expect(response.headers.get('cache-control')).toBe('no-store')
    }
    expect(site.upstreamCalls.size).toBe(0)
    expect(capture.lines.filter((line) => line.route === 'healthz')).toEqual([])
    // A page is logged at info: the probes are quiet by choice, not because nothing logs.
    await site.request('/')
    expect(capture.lines.some((line) => line.route === 'home' && line.level === 30)).toBe(true)
  })

  it('/readyz is 503 until the upstream answered, 200 then, and 503 again once draining', async () => {
    const readiness = createReadiness()
    site = await startTestSite({ app: { readiness } })
    const readyz = async () => {
      const response = await site!.request('/readyz', { host: 'nobody.localhost' })
      return [response.status, ((await response.json()) as { status: string }).status]
    }
    expect(await readyz()).toEqual([503, 'starting'])
    readiness.markReady()
    expect(await readyz()).toEqual([200, 'ready'])
    readiness.startDraining()
    expect(await readyz()).toEqual([503, 'draining'])
    readiness.markReady()
    expect(await readyz()).toEqual([503, 'draining'])
    expect(site.upstreamCalls.size).toBe(0)
  })
})
