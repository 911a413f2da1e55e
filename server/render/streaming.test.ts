import http from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'

interface Timed { at: number; text: string }

/** GETs a URL over a real socket and records when each body chunk arrived. */
function getChunks(url: string, headers: Record<string, string>): Promise<{ status: number; chunks: Timed[]; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const request = http.get(url, { headers }, (response) => {
      const chunks: Timed[] = []
      response.setEncoding('utf8')
      response.on('data', (text: string) => chunks.push({ at: Date.now() - started, text }))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, chunks, headers: response.headers }))
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('streaming render', () => {
  let site: TestSite | undefined
  afterEach(async () => {
    await site?.close()
    site = undefined
  })

  it('sends the shell with the results before slow secondary data resolves', async () => {
    site = await startTestSite({
      listen: true,
      upstream: async (request, demo) => {
        if (new URL(request.url).pathname === '/v1/resource/aside') await delay(700)
        return demo(request)
      },
    })
    const { status, chunks } = await getChunks(`${site.url}/s?query=linux`, { host: 'res.localhost' })
    expect(status).toBe(200)
    const first = chunks[0]!
    expect(first.at).toBeLessThan(600)
    expect(first.text).toContain('<div id="root">')
    expect(first.text).toMatch(/linux/i)
    const last = chunks[chunks.length - 1]!
    expect(last.at).toBeGreaterThanOrEqual(650)
    expect(last.text).toContain('</html>')
  })

  it('aborts a render that outlives RENDER_TIMEOUT_MS instead of hanging', async () => {
    site = await startTestSite({
      listen: true,
      renderTimeoutMs: 300,
      upstream: async (request, demo) => {
        if (new URL(request.url).pathname === '/v1/resource/aside') await delay(4000)
        return demo(request)
      },
    })
    const started = Date.now()
    const { status, chunks } = await getChunks(`${site.url}/s?query=linux`, { host: 'res.localhost' })
    expect(status).toBe(200)
    expect(Date.now() - started).toBeLessThan(4000)
    expect(chunks.map((chunk) => chunk.text).join('')).toContain('</html>')
  })
})
