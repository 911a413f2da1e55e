import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from './browser/launch.ts'
import { openPage } from './browser/open-page.ts'
import { type ReleaseFleet, startReleaseFleet } from './releases.ts'

// Chromium on a page while a balancer alternates between two releases on one Redis, request by
// request (the shipped HAProxy config balances by tenant, which would send this visitor to one
// instance; a rolling deploy still mixes them, so the test forces the worst mix).

interface Alternating {
  port: number
  /** Each request's path and the index of the instance it went to. */
  sent: { path: string; to: number }[]
  close(): void
}

/** A proxy sending each request to the next of `ports` in turn. */
async function startAlternatingProxy(ports: number[]): Promise<Alternating> {
  const sent: { path: string; to: number }[] = []
  const server = http.createServer((incoming, outgoing) => {
    const to = sent.length % ports.length
    sent.push({ path: incoming.url ?? '', to })
    const forward = http.request(
      { host: '127.0.0.1', port: ports[to], method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    forward.on('error', () => outgoing.destroy())
    incoming.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    sent,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}

let fleet: ReleaseFleet
let proxy: Alternating
let browser: Browser

beforeAll(async () => {
  fleet = await startReleaseFleet(['blue', 'green'])
  proxy = await startAlternatingProxy(fleet.instances.map((instance) => instance.port))
  browser = await launchChromium()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  proxy?.close()
  await fleet?.close()
})

describe('a visitor while the balancer alternates between two releases', () => {
  it('the page hydrates and navigates in the browser, every script and stylesheet answered', async () => {
    const failed: string[] = []
    const documents: string[] = []
    const { page, errors } = await openPage(browser, `http://res.localhost:${proxy.port}/res/hot`, {
      locale: 'zh-CN',
      waitUntil: 'networkidle',
      watch: (opened) => {
        opened.on('response', (response) => {
          if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`)
        })
        opened.on('request', (request) => {
          if (request.resourceType() === 'document') documents.push(request.url())
        })
      },
    })
    await page.locator('main a[href^="/res/new"]').first().click()
    await page.waitForURL((url) => url.pathname.startsWith('/res/new'))
    await page.waitForLoadState('networkidle')
    expect(documents).toHaveLength(1)
    expect(failed).toEqual([])
    expect(errors).toEqual([])
    // Files of one release were answered by the instance of the other.
    const crossed = proxy.sent.filter(({ path: at, to }) => {
      const name = path.basename(at)
      return fleet.releases.some((release, index) => index !== to && release.assets.includes(name))
    })
    expect(crossed.length).toBeGreaterThan(0)
    await page.close()
  })
})
