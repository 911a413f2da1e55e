import { setTimeout as delay } from 'node:timers/promises'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DeployInstance, startDeployInstance } from './deploy-instance.ts'
import { freePort } from './loopback-ports.ts'
import { type DemoUpstream, startDemoUpstream } from './server-process.ts'
import { startVarnish, type TestVarnish } from './varnish-server.ts'

// The shipped VCL in Debian's varnishd in front of an instance whose kept page is already older
// than HTML_S_MAXAGE: Varnish counts the page's lifetime from its own fetch, so it keeps the page.

const HOST = 'res.localhost'
const PAGE = '/res/hot'
const VISIT = { host: HOST, cookie: 'lang=zh' }

let varnish: TestVarnish
let instance: DeployInstance
let upstream: DemoUpstream
/** Added to the instance's HTML cache clock: how old its kept copies look. */
let aheadMs = 0

beforeAll(async () => {
  upstream = await startDemoUpstream()
  const varnishPort = await freePort()
  instance = await startDeployInstance(
    {
      API_BASE_URL: upstream.url,
      PURGE_TOKEN: 'purge-token-for-tests-0123',
      VARNISH_PURGE_URLS: `http://127.0.0.1:${varnishPort}`,
      HTML_S_MAXAGE: '10',
      HTML_CACHE_TTL_MS: '600000',
      HTML_CACHE_STALE_MS: '3600000',
    },
    { htmlCacheNow: () => Date.now() + aheadMs },
  )
  varnish = await startVarnish({ host: '127.0.0.1', port: instance.port }, { port: varnishPort })
})

afterAll(async () => {
  await varnish?.stop()
  await instance?.close()
  upstream?.close()
})

describe('a CDN in front of the instance, with the shipped VCL', () => {
  it('HTML_S_MAXAGE=10 and the instance’s copy 12 s old: 20 visits over 5 s through Varnish reach the instance at most twice', async () => {
    const rendered = await request(`${instance.url}${PAGE}`, { headers: VISIT })
    await rendered.body.dump()
    expect(rendered.statusCode).toBe(200)
    aheadMs = 12_000
    instance.served.clear()
    const answers: { status: number; age: string | undefined; browser: string | undefined }[] = []
    for (let visit = 0; visit < 20; visit++) {
      const answer = await request(`http://127.0.0.1:${varnish.port}${PAGE}`, { headers: VISIT })
      await answer.body.dump()
      answers.push({
        status: answer.statusCode,
        age: answer.headers.age as string | undefined,
        browser: answer.headers['cache-control'] as string | undefined,
      })
      await delay(250)
    }
    const reached = instance.served.get(PAGE) ?? 0
    console.info(`20 visits over 5 s through Varnish, the instance's copy 12 s old: ${reached} reached the instance`)
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(reached).toBeGreaterThan(0)
    expect(reached).toBeLessThanOrEqual(2)
    // What browsers get: no stale serving, and nothing meant for the CDN.
    for (const answer of answers) expect(answer.browser).not.toMatch(/stale-while-revalidate|stale-if-error/)
  }, 30_000)
})
