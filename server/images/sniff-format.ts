/** Formats the optimiser reads (SPEC §9 plus gif and avif), and SVG, which it only passes through. */
export type SourceFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' | 'svg'

/**
 * The format of a body from its first bytes. The Content-Type header is never trusted: a hostile
 * host can label anything `image/png`. Returns null for everything else (HTML, PDF, TIFF, …).
 */
export function sniffFormat(body: Uint8Array): SourceFormat | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...body.subarray(start, end))
  if (body.length >= 8 && body[0] === 0x89 && ascii(1, 8) === 'PNG\r\n\x1a\n') return 'png'
  if (body.length >= 3 && body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'jpeg'
  if (body.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (body.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif'
  // ISO-BMFF: a box size, then 'ftyp' and the major brand (avif still image, avis sequence).
  if (body.length >= 12 && ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'avif'
  if (isSvg(body)) return 'svg'
  return null
}

/** An XML document whose root element is `<svg`: optional BOM, XML declaration, comments and doctype first. */
function isSvg(body: Uint8Array): boolean {
  let text = new TextDecoder('utf-8', { fatal: false }).decode(body.subarray(0, 4096)).replace(/^\uFEFF/, '')
  for (;;) {
    text = text.trimStart()
    const skipped = text.match(/^(<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)/i)
    if (skipped === null) break
    text = text.slice(skipped[0].length)
  }
  return /^<svg[\s>]/.test(text)
}
