import { describe, expect, it } from 'vitest'
import { hasContentHash } from './content-hash.ts'
import { negotiateOutput } from './negotiate-output.ts'
import { sniffFormat } from './sniff-format.ts'

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))))

describe('sniffFormat', () => {
  it.each([
    [bytes([0x89], 'PNG\r\n\x1a\n', [0, 0]), 'png'],
    [bytes([0xff, 0xd8, 0xff, 0xe0]), 'jpeg'],
    [bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'webp'],
    [bytes('GIF89a', [1, 0]), 'gif'],
    [bytes('GIF87a'), 'gif'],
    [bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0]), 'avif'],
    [bytes([0, 0, 0, 0x1c], 'ftypavis'), 'avif'],
    [bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'svg'],
    [
      bytes(
        [0xef, 0xbb, 0xbf],
        '<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>',
      ),
      'svg',
    ],
  ])('recognises %#', (body, format) => {
    expect(sniffFormat(body)).toBe(format)
  })

  it.each([
    ['an HTML page', bytes('<!doctype html><html><svg></svg></html>')],
    ['an HTML page that opens with whitespace', bytes('   <html>')],
    ['JSON', bytes('{"image":"x.png"}')],
    ['a PDF', bytes('%PDF-1.7')],
    ['a TIFF', bytes('II*\0')],
    ['HEIC (not avif)', bytes([0, 0, 0, 0x1c], 'ftypheic')],
    ['a truncated PNG signature', bytes([0x89], 'PNG')],
    ['nothing', bytes('')],
    ['an element named svgx', bytes('<svgx>')],
  ])('refuses %s', (_name, body) => {
    expect(sniffFormat(body)).toBeNull()
  })
})

describe('negotiateOutput', () => {
  it.each([
    ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'avif'],
    ['image/webp,*/*', 'webp'],
    ['IMAGE/WEBP', 'webp'],
    ['image/avif;q=0, image/webp;q=0.5', 'webp'],
    ['image/avif;q=0.0,image/webp;q=0', 'legacy'],
    ['image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5', 'legacy'],
    ['*/*', 'legacy'],
    ['', 'legacy'],
    [undefined, 'legacy'],
  ] as const)('%s → %s', (accept, output) => {
    expect(negotiateOutput(accept)).toBe(output)
  })
})

describe('hasContentHash', () => {
  it.each([
    ['https://cdn.example.com/assets/logo.3f9a1c2b.png', true],
    ['https://cdn.example.com/u/9f86d081884c7d659a2feaa0c55ad015.jpg', true],
    ['https://cdn.example.com/u/photo-5e2a9d01_large.webp', true],
    ['https://cdn.example.com/photo.png?v=5e2a9d01', true],
    ['https://cdn.example.com/photo-20240101.png', false],
    ['https://cdn.example.com/photo.png?v=12345678', false],
    ['https://cdn.example.com/deadbeefcafe.png', false],
    ['https://cdn.example.com/3f9a1c2b/photo.png', false],
    ['https://cdn.example.com/photo.png', false],
    ['https://cdn.example.com/abc3f9a1c2bxyz.png', false],
  ])('%s → %s', (source, expected) => {
    expect(hasContentHash(new URL(source))).toBe(expected)
  })
})
