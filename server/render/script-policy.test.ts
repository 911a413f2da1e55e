import { createHash } from 'node:crypto'
import http from 'node:http'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { createGate, holdingPath } from '../../test/gate.ts'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { ADDRESSED_SITE_SCRIPT, withSiteCode } from '../../test/site-code.ts'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const ZH = { cookie: 'lang=zh', 'user-agent': BROWSER }

/** The runnable inline scripts of a page (JSON data blocks left out) and their SHA-256. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=|type="application\//.test(attributes ?? ''))
    .map(([, , text]) =>
      createHash('sha256')
        .update(text ?? '')
        .digest('base64'),
    )
}

/** A GET over a socket: status, headers and body (identity). */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (text: string) => (body += text))
        response.on('end', () => resolve({ headers: response.headers, body }))
      })
      .on('error', reject)
  })
}

describe('the scripts of a page a shared cache may keep are allowed by their hashes, never by a shared nonce', () => {
  let site: TestSite | undefined
  afterEach(async () => {
    await site?.close()
    site = undefined
  })

  it('a miss rendered whole and its hits (in the app and before it) carry one hash policy naming each inline script', async () => {
    site = await startTestSite({
      listen: true,
      htmlCache: {},
      upstream: withSiteCode('<script>window.siteCode=1</script>'),
    })
    const answers = [await site.request('/res/hot', { headers: ZH }), await site.request('/res/hot', { headers: ZH })]
    const policies = new Set<string>()
    for (const response of answers) {
      const html = await response.text()
      const policy = response.headers.get('content-security-policy') ?? ''
      expect(response.headers.get('cache-control')).toMatch(/^public, .*s-maxage=/)
      expect(policy).not.toContain("'nonce-")
      expect(policy).toContain("'strict-dynamic'")
      expect(html).not.toContain(' nonce=')
      const hashes = inlineScriptHashes(html)
      expect(html).toContain('window.siteCode=1')
      expect(hashes.length).toBeGreaterThan(3)
      for (const hash of hashes) expect(policy).toContain(`'sha256-${hash}'`)
      policies.add(policy)
    }
    await vi.waitFor(() => expect(site?.htmlCache?.inFlight).toBe(0))
    const early = await get(`${site.url}/res/hot`, { host: 'res.localhost', ...ZH })
    expect(early.body).not.toContain(' nonce=')
    policies.add(String(early.headers['content-security-policy']))
    expect(policies.size).toBe(1)
  })

  it('a miss that streams boundaries after its shell is its visitor’s alone, with a nonce its streamed scripts carry; the copy kept is shareable and nonce-free', async () => {
    // The aside's data is held until the shell has left: React swaps it in with scripts of its own.
    const gate = createGate()
    onTestFinished(() => gate.open())
    site = await startTestSite({
      listen: true,
      htmlCache: {},
      upstream: holdingPath('/v1/resource/aside', gate),
    })
    const asked = get(`${site.url}/res/hot`, { host: 'res.localhost', ...ZH })
    await vi.waitFor(() => expect(site?.upstreamCalls.get('/v1/resource/aside')).toBeGreaterThan(0))
    setTimeout(() => gate.open(), 100)
    const miss = await asked
    const nonce = /'nonce-([^']+)'/.exec(String(miss.headers['content-security-policy']))?.[1]
    expect(nonce).toBeDefined()
    expect(miss.headers['cache-control']).toBe('private, max-age=0')
    expect(miss.headers['cache-tag']).toBeUndefined()
    // React's scripts that swap the aside in carry it; the document's own are allowed by hash.
    expect(miss.body).toContain(`<script nonce="${nonce}">`)
    await vi.waitFor(() => expect(site?.htmlCache?.size).toBe(1))
    await vi.waitFor(() => expect(site?.htmlCache?.inFlight).toBe(0))
    const hit = await get(`${site.url}/res/hot`, { host: 'res.localhost', ...ZH })
    expect(hit.headers['content-security-policy']).not.toContain("'nonce-")
    expect(hit.headers['cache-control']).toMatch(/^public, /)
    expect(hit.headers['cache-tag']).toBeDefined()
    expect(hit.body).not.toContain(' nonce=')
    for (const hash of inlineScriptHashes(hit.body)) expect(hit.headers['content-security-policy']).toContain(hash)
  })

  it('a site whose code loads a script by its address gets a fresh nonce on every script of every answer, kept from shared caches', async () => {
    site = await startTestSite({
      listen: true,
      htmlCache: {},
      upstream: withSiteCode(ADDRESSED_SITE_SCRIPT),
    })
    const nonces = new Set<string>()
    for (let i = 0; i < 3; i++) {
      const response = await site.request('/res/hot', { headers: ZH })
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
      expect(nonce).toBeDefined()
      expect(response.headers.get('cache-control')).toBe('private, max-age=0')
      const html = await response.text()
      const scripts = [...html.matchAll(/<script[^>]*>/g)]
        .map(([tag]) => tag)
        .filter((tag) => !tag.includes('application/json'))
      expect(scripts.some((tag) => tag.includes('src="https://t.example/tag.js"'))).toBe(true)
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
      nonces.add(nonce!)
      await vi.waitFor(() => expect(site?.htmlCache?.inFlight).toBe(0))
    }
    expect(nonces.size).toBe(3)
  })

  it('other answers a shared cache may keep name no nonce; an answer no cache keeps has its own', async () => {
    site = await startTestSite({ htmlCache: {} })
    for (const path of ['/res/hot/_payload.json', '/robots.txt']) {
      const response = await site.request(path, { headers: ZH })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toMatch(/^public/)
      expect(response.headers.get('content-security-policy')).not.toContain("'nonce-")
    }
    const missing = await site.request('/c/no-such-page', { headers: ZH })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('no-store')
  })
})
