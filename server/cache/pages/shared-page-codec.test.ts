import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { AnswerPolicy } from '../../http/answer-policy.ts'
import { securityPolicy } from '../../http/security-policy.ts'
import { answerPage } from '../../answer/page-answer.ts'
import { firstAnsweredPage, toCachedPage, toSnapshot, type CachedPage } from './cached-page.ts'
import { gzipOf } from './body/page-body.ts'
import { decodeSharedPage, encodeSharedPage } from './shared-page-codec.ts'

const html = (nonce: string) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">boot()</script></head><body>${'<p>text</p>'.repeat(300)}</body></html>`
/** Every field a stored page's policy may have, so the trip loses none. */
const POLICY: AnswerPolicy = {
  keeping: 'shared',
  cacheControl: 'public, max-age=0, s-maxage=60',
  cdnCacheControl: 'max-age=600',
  cdnTags: { 'cache-tag': 'site,resource:r1', 'surrogate-key': 'site resource:r1' },
  scripts: { hashes: ['sha256-abc='] },
  vary: ['Accept-Language', 'Cookie'],
}
const USES = { keys: [['res.localhost:data:/v1/x:{}', ['resource:r1']] as const], tags: ['resource:r1', 'site'] }

function snapshot(nonce: string | undefined) {
  const body = html(nonce ?? 'none')
  const response = new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', 'x-kept': 'yes' } })
  return toSnapshot(
    response,
    Buffer.from(body),
    { nonce, routeName: 'res-hot', digest: 'inputs-1', policy: POLICY },
    1234,
  )
}

/** The body a visitor accepting `encoding` gets, decoded, with `nonce` in its slots. */
function served(page: CachedPage, encoding: string, nonce: string): string {
  const request = { method: 'GET' as const, acceptEncoding: encoding, ifNoneMatch: undefined, requestId: 'r', nonce }
  const answer = answerPage(page, request, { security: securityPolicy({ hsts: false }) })
  const body = answer.body ?? Buffer.alloc(0)
  const coding = answer.headers['content-encoding']
  return (coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body).toString()
}

describe('a page through the shared store', () => {
  it.each([
    ['kept from its visitor render: its brotli with the render nonce', async () => firstAnsweredPage(snapshot('N1'))],
    [
      'after its first hit: its gzip blocks',
      async () => {
        const page = await firstAnsweredPage(snapshot('N1'))
        gzipOf(page.body)
        return page
      },
    ],
    ['without a nonce: its brotli for good', async () => toCachedPage(snapshot(undefined))],
  ])('%s, answered the same after the trip', async (_label, make) => {
    const page = await make()
    const bytes = encodeSharedPage(page, USES)
    expect(bytes.length).toBeLessThan(html('N1').length / 4)
    const read = decodeSharedPage(bytes)
    expect(read?.uses).toEqual(USES)
    const copy = read?.page as CachedPage
    expect([copy.status, copy.etag, copy.storedAt, copy.routeName, copy.digest]).toEqual([
      200,
      page.etag,
      1234,
      'res-hot',
      'inputs-1',
    ])
    expect(copy.headers).toEqual(page.headers)
    expect(copy.policy).toEqual(page.policy)
    for (const encoding of ['br, gzip', 'gzip', 'identity'])
      expect(served(copy, encoding, 'FRESH')).toBe(served(page, encoding, 'FRESH'))
    if (page.body.renderedNonce !== undefined) expect(served(copy, 'gzip', 'FRESH')).toBe(html('FRESH'))
  })

  it.each([
    ['not this layout', Buffer.from('{"status":200}')],
    ['cut short', async () => encodeSharedPage(await toCachedPage(snapshot(undefined)), USES).subarray(0, 300)],
    [
      'a head that lies about its body',
      async () => {
        const bytes = encodeSharedPage(await toCachedPage(snapshot(undefined)), USES)
        return Buffer.concat([bytes, Buffer.from('extra')])
      },
    ],
    ['an earlier build wrote without its policy', async () => withoutPolicy(await toCachedPage(snapshot(undefined)))],
  ])('reads nothing from bytes %s', async (_label, make) => {
    const bytes = typeof make === 'function' ? await make() : make
    expect(decodeSharedPage(bytes)).toBeUndefined()
  })
})

/** The bytes `page` would have had from a build that stored no policy with it. */
function withoutPolicy(page: CachedPage): Buffer {
  const bytes = encodeSharedPage(page, USES)
  const headLength = bytes.readUInt32BE(4)
  const { policy: _policy, ...head } = JSON.parse(bytes.subarray(8, 8 + headLength).toString('utf8'))
  const text = Buffer.from(JSON.stringify(head), 'utf8')
  const length = Buffer.alloc(4)
  length.writeUInt32BE(text.length)
  return Buffer.concat([bytes.subarray(0, 4), length, text, bytes.subarray(8 + headLength)])
}
