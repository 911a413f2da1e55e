import { createHash } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { inlineScriptHashes } from './inline-script-hashes.ts'

/** The `'sha256-…'` source of each runnable inline script of `html`, computed here from the body. */
function hashesIn(html: string): string[] {
  const sources = new Set<string>()
  for (const [, attributes = '', text = ''] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    // Data (JSON, JSON-LD) is not run: it needs no hash.
    if (/type="application\/(?:ld\+)?json"/.test(attributes)) continue
    sources.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`)
  }
  return [...sources]
}

function scriptSources(policy: string): string[] {
  return (/script-src ([^;]*)/.exec(policy)?.[1] ?? '').split(' ').filter((source) => source.startsWith("'sha256-"))
}

let site: TestSite | undefined
afterEach(async () => {
  await site?.close()
  site = undefined
})

async function page(path: string, init: RequestInit = {}) {
  if (!site) throw new Error('no site')
  const response = await site.request(path, init)
  const body = Buffer.from(await response.arrayBuffer())
  const html = (response.headers.get('content-encoding') === 'gzip' ? gunzipSync(body) : body).toString()
  if (site.htmlCache) await vi.waitFor(() => expect(site?.htmlCache?.inFlight).toBe(0))
  return { response, html, policy: response.headers.get('content-security-policy') ?? '' }
}

describe('answers a CDN may keep carry no per-response nonce', () => {
  it('a hit goes out under the hashes of its inline scripts, the same for every hit, and public', async () => {
    site = await startTestSite({ htmlCache: {} })
    const miss = await page('/res/hot', { headers: { cookie: 'lang=zh' } })
    expect(miss.policy).toMatch(/'nonce-/)
    const hits = [
      await page('/res/hot', { headers: { cookie: 'lang=zh', 'accept-encoding': 'identity' } }),
      await page('/res/hot', { headers: { cookie: 'lang=zh', 'accept-encoding': 'gzip' } }),
    ]
    for (const hit of hits) {
      expect(hit.policy).not.toMatch(/'nonce-/)
      expect(hit.policy).toMatch(/script-src 'self' 'sha256-.*'strict-dynamic' https:/)
      // Every runnable inline script of the body is allowed by one of the policy's hashes, and no other.
      const inBody = hashesIn(hit.html)
      expect(inBody.length).toBeGreaterThan(1)
      expect(new Set(scriptSources(hit.policy))).toEqual(new Set(inBody))
      expect(new Set([...hit.html.matchAll(/ nonce="([^"]*)"/g)].map((match) => match[1]))).toEqual(new Set(['']))
      expect(hit.response.headers.get('cache-control')).toMatch(/^public, .*s-maxage=/)
    }
    expect(hits[0]?.policy).toBe(hits[1]?.policy)
    expect(hits[0]?.html).toBe(hits[1]?.html)
  })

  it('an answer with a nonce (a render) is private to shared caches', async () => {
    site = await startTestSite({ htmlCache: {} })
    const miss = await page('/res/hot', { headers: { cookie: 'lang=zh' } })
    expect(miss.policy).toMatch(/'nonce-[^']+'/)
    expect(miss.response.headers.get('cache-control')).toBe('private, max-age=0')
  })

  it('without the HTML cache every page is a render: nonce-based and private to shared caches', async () => {
    site = await startTestSite({})
    for (let i = 0; i < 2; i++) {
      const answer = await page('/res/hot', { headers: { cookie: 'lang=zh' } })
      expect(answer.policy).toMatch(/'nonce-/)
      expect(answer.response.headers.get('cache-control')).toBe('private, max-age=0')
    }
  })
})

describe('inlineScriptHashes', () => {
  it('hashes runnable inline scripts only, and refuses a page with a parser-inserted external script', () => {
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    expect(
      inlineScriptHashes(
        '<script nonce="">a()</script><script type="module">b()</script><script type="application/json">{"x":1}</script><SCRIPT>a()</SCRIPT>',
      ),
    ).toEqual([sha('a()'), sha('b()')])
    expect(inlineScriptHashes('<script>a()</script><script src="https://tenant.example/x.js"></script>')).toBeNull()
    expect(inlineScriptHashes('<script type="application/ld+json" src="x"></script>')).toEqual([])
  })
})
