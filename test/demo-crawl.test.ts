import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LinkChecker, LinkState } from 'linkinator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from './harness.ts'

// A crawler that nobody here wrote (linkinator) walks each demo site from its home page in every
// language and reports every internal link or fragment that leads nowhere. It reaches a tenant
// through a small front on its own port that names the tenant in Host, as a visitor's browser would
// (*.localhost does not resolve in every test environment).

const SITES = [
  { host: 'res.localhost', languages: ['', '/en'] },
  { host: 'land.localhost', languages: ['', '/zh', '/fr', '/de', '/ja', '/ar'] },
  { host: 'nav.localhost', languages: ['', '/en', '/zh'] },
]

/** A front on 127.0.0.1 that sends every request to `target` as a request for `host`. */
async function hostFront(target: string, host: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const upstream = new URL(target)
  const server: Server = createServer((incoming, outgoing) => {
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    forward.on('error', () => outgoing.destroy())
    incoming.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

describe('a crawler following every link of the demo sites', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite({ listen: true })
  })
  afterAll(() => site.close())

  it.each(SITES)(
    'finds no broken link or fragment on $host, in every language',
    async ({ host, languages }) => {
      const front = await hostFront(site.url!, host)
      try {
        const checker = new LinkChecker()
        const result = await checker.check({
          path: languages.map((prefix) => `${front.origin}${prefix}/`.replace(/(.)\/$/, '$1')),
          recurse: true,
          checkFragments: true,
          concurrency: 8,
          timeout: 15_000,
          // Only this site: canonical, hreflang and outbound addresses name other origins.
          linksToSkip: async (link) => !link.startsWith(front.origin),
        })
        const broken = result.links
          .filter((link) => link.state === LinkState.BROKEN)
          .map(
            (link) =>
              `${link.url.replace(front.origin, '')} ← ${link.parent?.replace(front.origin, '') ?? ''} (${link.status})`,
          )
        expect(result.links.filter((link) => link.state === LinkState.OK).length).toBeGreaterThan(20)
        expect(broken).toEqual([])
      } finally {
        await front.close()
      }
    },
    240_000,
  )
})
