import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  assembleGzip,
  BEST_LEVEL,
  compressSegments,
  IMPROVE_AFTER,
  joinedWith,
  releaseGzip,
  segmentTexts,
  SPARE_AFTER,
  SPARE_BODIES,
  STORE_LEVEL,
} from './gzip-segments.ts'

const texts = (...parts: string[]) => parts.map((part) => Buffer.from(part, 'utf8'))

describe('assembleGzip', () => {
  it.each([
    ['one segment, no filler', ['<html>only</html>'], ''],
    [
      'a nonce between three segments',
      ['<script nonce="', '">a()</script><style nonce="', '">b{}</style>'],
      'Zm9vYmFyYmF6cXV4MTIzNA==',
    ],
    ['an empty segment and an empty filler', ['', 'tail'], ''],
    ['fillers and segments beyond Latin-1', ['页面 ', ' 结束 ', ' 完'], 'ключ🔑'],
    ['a long page', ['x'.repeat(200_000), 'y'.repeat(70_000)], 'n'.repeat(24)],
  ])('gives a valid gzip member of the joined text: %s', async (_name, parts, filler) => {
    const segments = await compressSegments(texts(...parts))
    // Twice: the second response reuses the trailer arithmetic kept from the first.
    for (let round = 0; round < 2; round += 1) {
      expect(gunzipSync(assembleGzip(segments, filler)).toString('utf8')).toBe(parts.join(filler))
    }
    const other = 'Q'.repeat(filler.length + 3)
    expect(gunzipSync(assembleGzip(segments, other)).toString('utf8')).toBe(parts.join(other))
  })

  it('refuses a filler longer than one stored block', async () => {
    const segments = await compressSegments(texts('a', 'b'))
    expect(() => assembleGzip(segments, 'z'.repeat(0x10000))).toThrow(RangeError)
  })

  it('keeps no body of a page served once: most pages of the long tail are never asked for again', async () => {
    const segments = await compressSegments(texts('<p nonce="', '">x</p>'))
    for (let served = 1; served < SPARE_AFTER; served += 1)
      releaseGzip(segments, assembleGzip(segments, 'Zm9vYmFyYmF6cXV4MTIzNA=='))
    expect(segments.spare ?? []).toEqual([])
    const proven = assembleGzip(segments, 'cXV4cXV4cXV4cXV4cXV4cQ==')
    releaseGzip(segments, proven)
    expect(segments.spare).toEqual([proven])
  })

  it('refills a body given back, for the next response, and keeps no more than a few', async () => {
    const parts = ['<script nonce="', '">a()</script><style nonce="', '">b{}</style>']
    const segments = await compressSegments(texts(...parts))
    const nonces = ['Zm9vYmFyYmF6cXV4MTIzNA==', 'cXV4cXV4cXV4cXV4cXV4cQ==', 'YWFhYWFhYWFhYWFhYWFhYQ==']
    const first = assembleGzip(segments, nonces[0]!)
    const second = assembleGzip(segments, nonces[1]!)
    expect(second).not.toBe(first)
    releaseGzip(segments, first)
    releaseGzip(segments, first)
    const refilled = assembleGzip(segments, nonces[2]!)
    expect(refilled).toBe(first)
    expect(gunzipSync(refilled).toString('utf8')).toBe(parts.join(nonces[2]!))
    // A body still being sent (second) is never handed out again.
    expect(gunzipSync(second).toString('utf8')).toBe(parts.join(nonces[1]!))
    // Another filler length gives another layout: a fresh body.
    releaseGzip(segments, refilled)
    const longer = assembleGzip(segments, `${nonces[0]}xyz`)
    expect(longer).not.toBe(refilled)
    expect(gunzipSync(longer).toString('utf8')).toBe(parts.join(`${nonces[0]}xyz`))
    const bodies = Array.from({ length: SPARE_BODIES + 3 }, () => assembleGzip(segments, nonces[0]!))
    for (const body of bodies) releaseGzip(segments, body)
    expect(segments.spare).toHaveLength(SPARE_BODIES)
  })
})

describe('compressing a popular page again', () => {
  // Markup with enough variety that the best level finds more than the cheap one.
  const markup = Array.from(
    { length: 400 },
    (_, i) => `<li class="item-${i % 7}"><a href="/r/${(i * 7919) % 1000}">Result ${i} of ${(i * 31) % 97}</a></li>`,
  ).join('')
  const parts = ['<script nonce="', `">boot()</script><ul>${markup}</ul><script nonce="`, '">go()</script>']
  const nonces = ['Zm9vYmFyYmF6cXV4MTIzNA==', 'cXV4cXV4cXV4cXV4cXV4cQ==']

  it(`keeps the cheap blocks for ${IMPROVE_AFTER - 1} bodies, then serves smaller bodies of the same text`, async () => {
    const segments = await compressSegments(texts(...parts))
    expect(segments.level).toBe(STORE_LEVEL)
    const cheap = Array.from({ length: IMPROVE_AFTER - 1 }, () => assembleGzip(segments, nonces[0]!))
    expect(segments.improved).toBeUndefined()
    for (const body of cheap) releaseGzip(segments, body)
    const last = assembleGzip(segments, nonces[0]!)
    expect(segments.improved).toBeDefined()
    await segments.improved
    expect(segments.level).toBe(BEST_LEVEL)
    expect(segments.spare).toEqual([])
    const better = assembleGzip(segments, nonces[1]!)
    expect(better.length).toBeLessThan(last.length)
    expect(gunzipSync(better).toString('utf8')).toBe(parts.join(nonces[1]!))
    // A body assembled before keeps its own bytes.
    expect(gunzipSync(last).toString('utf8')).toBe(parts.join(nonces[0]!))
  })

  it('never compresses again what was kept at the best level', async () => {
    const segments = await compressSegments(texts(...parts), BEST_LEVEL)
    for (let i = 0; i < IMPROVE_AFTER * 2; i += 1) assembleGzip(segments, nonces[0]!)
    expect(segments.improved).toBeUndefined()
  })
})

describe('the text of compressed segments', () => {
  it.each([
    ['one segment', ['<html>only</html>'], 'Zm9v'],
    ['empty segments at either end', ['', '<p>middle</p>', ''], 'Zm9vYmFyYmF6cXV4MTIzNA=='],
    ['text beyond Latin-1', ['页面 ', ' 结束 ', ' 完'], 'ключ🔑'],
    ['a long page', ['x'.repeat(200_000), 'y'.repeat(70_000)], 'n'.repeat(24)],
  ])('is inflated from the blocks alone, split or joined with a filler: %s', async (_name, parts, filler) => {
    const segments = await compressSegments(texts(...parts))
    expect(segmentTexts(segments).map((text) => text.toString('utf8'))).toEqual(parts)
    expect(joinedWith(segmentTexts(segments), Buffer.from(filler, 'utf8')).toString('utf8')).toBe(parts.join(filler))
    // An identity answer is no gzip body: it neither counts towards compressing again nor takes a spare.
    expect(segments.served).toBe(0)
  })

  it('stays the same once the blocks are compressed again', async () => {
    const parts = ['<script nonce="', `">${'<li>row</li>'.repeat(500)}</script><b nonce="`, '">end</b>']
    const segments = await compressSegments(texts(...parts))
    for (let i = 0; i < IMPROVE_AFTER; i += 1) assembleGzip(segments, 'n')
    await segments.improved
    expect(segments.level).toBe(BEST_LEVEL)
    expect(segmentTexts(segments).map((text) => text.toString('utf8'))).toEqual(parts)
  })
})
