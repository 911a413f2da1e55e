import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { securityPolicy } from '../../http/security-policy.ts'
import {
  bytesHeld,
  firstAnsweredPage,
  toCachedPage,
  toPageSnapshot,
  toSnapshot,
  type CachedPage,
} from './cached-page.ts'
import { answerPage, pageResponse } from '../../answer/page-answer.ts'
import { type AnswerPolicy, UNDECIDED } from '../../http/answer-policy.ts'
import { BEST_LEVEL, IMPROVE_AFTER, releaseGzip } from './body/gzip-segments.ts'

const html =
  '<!DOCTYPE html><html><head><script nonce="N1">boot()</script></head><body>' +
  '<p>text</p>'.repeat(200) +
  '<script nonce="N1">go()</script></body></html>'

async function page(body: string, nonce?: string) {
  const response = new Response(body, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'set-cookie': 'lang=en',
      'content-length': '1',
    },
  })
  const policy: AnswerPolicy = { ...UNDECIDED, vary: ['Cookie'] }
  return toCachedPage(toSnapshot(response, Buffer.from(body), { nonce, routeName: 'res-hot', policy }, 0))
}

/** A full answer (no If-None-Match) of `page` as a web Response. */
function servePage(
  cached: CachedPage,
  options: { method: 'GET' | 'HEAD'; acceptEncoding: string | undefined; nonce: string | undefined },
): Response {
  const request = { ...options, nonce: options.nonce ?? '', ifNoneMatch: undefined, requestId: 'r1', age: 0 }
  return pageResponse(answerPage(cached, request, { security: securityPolicy({ hsts: false }) }))
}

describe('answerPage', () => {
  it.each([
    ['br, gzip', 'br'],
    // Browsers list gzip first; among equals the smaller brotli wins.
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['identity', null],
    [undefined, null],
    ['gzip;q=0, br;q=0', null],
  ])('Accept-Encoding %j → %s, decoding to the same page', async (accept, expected) => {
    const cached = await page(html)
    const response = servePage(cached, { method: 'GET', acceptEncoding: accept, nonce: undefined })
    expect(response.headers.get('content-encoding')).toBe(expected)
    const body = Buffer.from(await response.arrayBuffer())
    expect(response.headers.get('content-length')).toBe(String(body.length))
    const decoded = expected === 'br' ? brotliDecompressSync(body) : expected === 'gzip' ? gunzipSync(body) : body
    expect(decoded.toString()).toBe(html)
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Encoding')
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it.each(['gzip', 'identity', 'br, gzip'])(
    'fills a fresh nonce per response (%s), without brotli for such pages',
    async (accept) => {
      const cached = await page(html, 'N1')
      expect(cached.body.br).toBeNull()
      for (const nonce of ['fresh-one', 'another+nonce/==']) {
        const response = servePage(cached, { method: 'GET', acceptEncoding: accept, nonce })
        const body = Buffer.from(await response.arrayBuffer())
        const text = (response.headers.get('content-encoding') === 'gzip' ? gunzipSync(body) : body).toString()
        expect(text).toBe(html.replaceAll('N1', nonce))
      }
    },
  )

  it.each(['gzip', 'identity'])('keeps text beyond ASCII on both sides of a nonce whole (%s)', async (accept) => {
    const chinese =
      '<!DOCTYPE html><html><head><title>资源站</title><script nonce="N1">boot()</script></head><body>' +
      '<p>搜索技巧 😀</p>'.repeat(50) +
      '<script nonce="N1">go()</script>尾</body></html>'
    const response = servePage(await page(chinese, 'N1'), { method: 'GET', acceptEncoding: accept, nonce: 'fresh-one' })
    const body = Buffer.from(await response.arrayBuffer())
    expect((accept === 'gzip' ? gunzipSync(body) : body).toString()).toBe(chinese.replaceAll('N1', 'fresh-one'))
  })

  it('answers HEAD with the headers of the chosen variant and no body', async () => {
    const response = servePage(await page(html), { method: 'HEAD', acceptEncoding: 'gzip', nonce: undefined })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0)
    expect(await response.text()).toBe('')
  })
})

describe('toCachedPage', () => {
  /** Every distinct memory block a page's buffers keep alive (spare bodies included), in bytes. */
  function heldBytes(page: CachedPage): number {
    const blocks = new Set<ArrayBufferLike>(
      [...page.body.gzip!.blocks, ...(page.body.gzip!.spare ?? []), ...(page.body.br ? [page.body.br] : [])].map(
        (part) => part.buffer,
      ),
    )
    let total = 0
    for (const block of blocks) total += block.byteLength
    return total
  }

  it.each([
    ['with nonce segments (short deflate runs)', 'N1'],
    ['without a nonce (short brotli result)', undefined],
  ])('keeps only compressed bytes, in one block per form, and reports them, %s', async (_label, nonce) => {
    const cached = await page(html, nonce)
    const parts = [...cached.body.gzip!.blocks, ...(cached.body.br ? [cached.body.br] : [])]
    const partBytes = parts.reduce((sum, part) => sum + part.length, 0)
    expect(heldBytes(cached)).toBe(partBytes)
    // One block for the gzip runs: given back whole when the page goes.
    expect(new Set(cached.body.gzip!.blocks.map((part) => part.buffer)).size).toBe(1)
    // No copy of the text: a fraction of it.
    expect(partBytes).toBeLessThan(html.length / 4)
    expect(bytesHeld(cached)).toBe(cached.size + partBytes)
  })

  it('counts what a popular page adds: the bodies kept for its hits, then its better blocks', async () => {
    const cached = await page(html, 'N1')
    const answerGzip = (nonce: string) => {
      const answer = answerPage(
        cached,
        { method: 'GET', acceptEncoding: 'gzip', ifNoneMatch: undefined, requestId: 'r', nonce },
        { security: securityPolicy({ hsts: false }) },
      )
      return answer.body!
    }
    const blockBytes = () => cached.body.gzip!.blocks.reduce((sum, block) => sum + block.length, 0)
    // What the hit writer does once each body is written: gives it back for reuse.
    const bodies = [answerGzip('a1'), answerGzip('a2'), answerGzip('a3')]
    for (const body of bodies) releaseGzip(cached.body.gzip!, body)
    const spares = cached.body.gzip!.spare ?? []
    expect(spares.length).toBeGreaterThan(0)
    expect(bytesHeld(cached)).toBe(cached.size + blockBytes() + spares.reduce((sum, body) => sum + body.length, 0))
    const firstBlocks = blockBytes()
    answerGzip('a4')
    await cached.body.gzip!.improved
    expect(cached.body.gzip!.level).toBe(BEST_LEVEL)
    // The better blocks in memory of their own, in place of the first ones.
    expect(blockBytes()).toBeLessThan(firstBlocks)
    expect(heldBytes(cached)).toBe(
      blockBytes() + (cached.body.gzip!.spare ?? []).reduce((sum, body) => sum + body.length, 0),
    )
    expect(bytesHeld(cached)).toBe(cached.size + heldBytes(cached))
  })
})

describe('a page kept from the render its visitor is answered with', () => {
  async function firstAnswered(body: string, nonce: string | undefined) {
    const response = new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } })
    return firstAnsweredPage(
      toSnapshot(response, Buffer.from(body), { nonce, routeName: 'res-hot', policy: UNDECIDED }, 0),
    )
  }

  it("is that visitor's brotli alone, in memory of its own, until a gzip answer needs its blocks", async () => {
    const cached = await firstAnswered(html, 'N1')
    expect(cached.body.gzip).toBeNull()
    const br = cached.body.br!
    expect(br.buffer.byteLength).toBe(br.length)
    expect(bytesHeld(cached)).toBe(cached.size + br.length)
    // The render's own visitor (its nonce) is answered with it as it is.
    const own = servePage(cached, { method: 'GET', acceptEncoding: 'br, gzip', nonce: 'N1' })
    expect(own.headers.get('content-encoding')).toBe('br')
    expect(Buffer.from(await own.arrayBuffer()).equals(br)).toBe(true)
    expect(brotliDecompressSync(br).toString()).toBe(html)
    // An identity answer is inflated from it, and makes nothing.
    const plain = servePage(cached, { method: 'GET', acceptEncoding: undefined, nonce: 'plain' })
    expect(await plain.text()).toBe(html.replaceAll('N1', 'plain'))
    expect(cached.body.gzip).toBeNull()
  })

  it.each(['br, gzip', 'gzip'])(
    'gets its gzip blocks at its first gzip answer (%s) and lets the brotli go',
    async (accept) => {
      const cached = await firstAnswered(html, 'N1')
      const response = servePage(cached, { method: 'GET', acceptEncoding: accept, nonce: 'fresh-one' })
      expect(response.headers.get('content-encoding')).toBe('gzip')
      expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(html.replaceAll('N1', 'fresh-one'))
      expect(cached.body.br).toBeNull()
      expect(bytesHeld(cached)).toBe(
        cached.size + cached.body.gzip!.blocks.reduce((sum, block) => sum + block.length, 0),
      )
      // Even the render's own nonce is now answered from the blocks.
      const again = servePage(cached, { method: 'GET', acceptEncoding: 'br, gzip', nonce: 'N1' })
      expect(again.headers.get('content-encoding')).toBe('gzip')
      expect(gunzipSync(Buffer.from(await again.arrayBuffer())).toString()).toBe(html)
    },
  )

  it('without a nonce, answers every brotli visitor with it and keeps it beside its gzip blocks', async () => {
    const plainPage = `<!DOCTYPE html><html><body>${'<p>text</p>'.repeat(200)}</body></html>`
    const cached = await firstAnswered(plainPage, 'N1')
    for (const nonce of ['a', 'b']) {
      const response = servePage(cached, { method: 'GET', acceptEncoding: 'br', nonce })
      expect(response.headers.get('content-encoding')).toBe('br')
      expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(plainPage)
    }
    const zipped = servePage(cached, { method: 'GET', acceptEncoding: 'gzip', nonce: 'c' })
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(plainPage)
    expect(cached.body.br).not.toBeNull()
    expect(bytesHeld(cached)).toBe(
      cached.size + cached.body.br!.length + cached.body.gzip!.blocks.reduce((sum, block) => sum + block.length, 0),
    )
  })

  it('has the entity tag, the snapshot and the answers of the same page kept for its hits', async () => {
    const first = await firstAnswered(html, 'N1')
    const kept = await page(html, 'N1')
    expect(first.etag).toBe(kept.etag)
    expect(toPageSnapshot(first).segments).toEqual(toPageSnapshot(kept).segments)
    const fromSnapshot = await toCachedPage(JSON.parse(JSON.stringify(toPageSnapshot(first))))
    const response = servePage(fromSnapshot, { method: 'GET', acceptEncoding: 'gzip', nonce: 'abc' })
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(html.replaceAll('N1', 'abc'))
  })
})

describe('the entity tag of a kept page', () => {
  it('leaves the nonce out, survives the shared store, and follows the content', async () => {
    const kept = await page(html, 'N1')
    // Rendered with another nonce, the same page has the same tag.
    expect((await page(html.replaceAll('N1', 'N2'), 'N2')).etag).toBe(kept.etag)
    // Another instance reads the page from the shared store (a snapshot) and tags it alike.
    expect((await toCachedPage(JSON.parse(JSON.stringify(toPageSnapshot(kept))))).etag).toBe(kept.etag)
    expect((await page(html.replace('go()', 'stay()'), 'N1')).etag).not.toBe(kept.etag)
    const response = servePage(kept, { method: 'GET', acceptEncoding: 'gzip', nonce: 'fresh' })
    expect(response.headers.get('etag')).toBe(kept.etag)
  })
})

describe('toSnapshot', () => {
  it.each([
    ['nonces inside the page', html, 'N1'],
    ['a nonce at either end and two in a row', 'N1<p>a</p>N1N1<p>b</p>N1', 'N1'],
    [
      'text beyond Latin-1 around the nonce',
      '<p>页面 ключ🔑</p><script nonce="ZnJlc2g=">x()</script><p>结束</p>',
      'ZnJlc2g=',
    ],
    ['no nonce in the page', '<p>nothing</p>', 'N1'],
  ])('cuts the bytes where the text would be split: %s', (_name, body, nonce) => {
    const snapshot = toSnapshot(new Response(body), Buffer.from(body), { nonce, routeName: 'x', policy: UNDECIDED }, 0)
    expect(snapshot.segments.map((segment) => segment.toString('utf8'))).toEqual(body.split(nonce))
  })

  it('keeps the same page whether it comes from a render or from another instance', async () => {
    const rendered = await page(html, 'N1')
    const shared = await toCachedPage(toPageSnapshot(rendered))
    for (const cached of [rendered, shared]) {
      const response = servePage(cached, { method: 'GET', acceptEncoding: 'gzip', nonce: 'abc' })
      expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(html.replaceAll('N1', 'abc'))
    }
    expect(shared.size).toBe(rendered.size)
  })

  it('carries what the page was rendered from to another instance', async () => {
    const snapshot = toSnapshot(
      new Response(html),
      Buffer.from(html),
      { nonce: 'N1', routeName: 'x', digest: 'inputs-1', policy: UNDECIDED },
      0,
    )
    const kept = await toCachedPage(snapshot)
    expect(kept.digest).toBe('inputs-1')
    expect((await toCachedPage(JSON.parse(JSON.stringify(toPageSnapshot(kept))))).digest).toBe('inputs-1')
  })
})

describe('a popular page', () => {
  const rows = Array.from(
    { length: 300 },
    (_, i) =>
      `<tr><td class="c${i % 5}">${(i * 7919) % 1013}</td><td><a href="/item/${(i * 31) % 211}">Item ${i}</a></td></tr>`,
  ).join('')
  const popular = `<!DOCTYPE html><html><head><script nonce="N1">boot()</script></head><body><table>${rows}</table><script nonce="N1">go()</script></body></html>`

  it(`is compressed again after ${IMPROVE_AFTER} gzip answers: smaller bodies, the same page with fresh nonces, memory of its own`, async () => {
    const cached = await page(popular, 'N1')
    const gzipOf = async (nonce: string) =>
      Buffer.from(await servePage(cached, { method: 'GET', acceptEncoding: 'gzip', nonce }).arrayBuffer())
    // Brotli visitors of a page with a nonce get gzip too; identity answers are not counted.
    servePage(cached, { method: 'GET', acceptEncoding: 'identity', nonce: 'x' })
    const before: Buffer[] = []
    for (let i = 0; i < IMPROVE_AFTER; i += 1) before.push(await gzipOf(`before-${i}`))
    await cached.body.gzip!.improved
    expect(cached.body.gzip!.level).toBe(BEST_LEVEL)
    for (const nonce of ['after-one', 'after+two/==']) {
      const body = await gzipOf(nonce)
      expect(body.length).toBeLessThan(before[0]!.length)
      expect(gunzipSync(body).toString()).toBe(popular.replaceAll('N1', nonce))
    }
    const blocks = new Set(cached.body.gzip!.blocks.map((block) => block.buffer))
    expect(blocks.size).toBe(1)
    expect([...blocks][0]!.byteLength).toBe(cached.body.gzip!.blocks.reduce((sum, block) => sum + block.length, 0))
    expect(
      servePage(cached, { method: 'GET', acceptEncoding: 'identity', nonce: 'plain' }).headers.get('content-encoding'),
    ).toBeNull()
    expect(await servePage(cached, { method: 'GET', acceptEncoding: 'identity', nonce: 'plain' }).text()).toBe(
      popular.replaceAll('N1', 'plain'),
    )
  })
})
