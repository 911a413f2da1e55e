import { describe, expect, it } from 'vitest'
import { MEDIA_CATALOG } from './media/catalog.ts'
import { mediaPath, parseMediaPath, resolveMediaRefs, toMediaRef, type MediaAsset } from './media-path.ts'

const aFile = Object.values(MEDIA_CATALOG)[0]!.file

describe('media addresses', () => {
  it.each<MediaAsset>([
    { kind: 'file', file: aFile },
    { kind: 'icon', letters: 'GH', background: '111827', size: 64 },
    { kind: 'icon', letters: '拾', background: '2563eb', size: 32 },
    { kind: 'icon', letters: '🔒', background: '16a34a', size: 64 },
    { kind: 'avatar', name: 'Maya R./x?y#z' },
    { kind: 'qr', seed: 'res-group' },
  ])('reads back what it wrote: %o', (asset) => {
    expect(parseMediaPath(mediaPath(asset))).toEqual(asset)
  })

  it.each([
    ['an unknown file', 'art-wide-0.0000000000.webp'],
    ['a way out of the folder', '../package.json'],
    ['an encoded way out', '%2e%2e/catalog.ts'],
    ['the generator script', 'make-demo-media.mjs'],
    ['the catalog', 'catalog.ts'],
    ['a colour that is not hex', 'icon/zzzzzz/64/A.svg'],
    ['a colour with a hash', 'icon/%23111827/64/A.svg'],
    ['a huge icon', 'icon/111827/9999/A.svg'],
    ['a tiny icon', 'icon/111827/8/A.svg'],
    ['too many letters', 'icon/111827/64/ABC.svg'],
    ['an empty text', 'avatar/.svg'],
    ['blank text', 'avatar/%20%20.svg'],
    ['malformed percent-encoding', 'avatar/%E0%A4%A.svg'],
    ['an over-long name', `avatar/${'x'.repeat(41)}.svg`],
    ['not an svg', 'avatar/Maya.png'],
    ['an unknown kind', 'logo/Maya.svg'],
    ['extra segments', 'qr/a/b.svg'],
    ['nothing', ''],
  ])('refuses %s', (_what, path) => {
    expect(parseMediaPath(path)).toBeNull()
  })

  it('makes every reference of a JSON text absolute, and nothing else', () => {
    const json = JSON.stringify({
      a: toMediaRef({ kind: 'qr', seed: 's' }),
      b: ['x demo-media:y', 'demo-media'],
      c: { d: toMediaRef({ kind: 'file', file: aFile }) },
    })
    expect(JSON.parse(resolveMediaRefs(json, 'http://127.0.0.1:4000'))).toEqual({
      a: 'http://127.0.0.1:4000/media/qr/s.svg',
      b: ['x demo-media:y', 'demo-media'],
      c: { d: `http://127.0.0.1:4000/media/${aFile}` },
    })
  })
})
