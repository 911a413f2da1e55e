import type { OutputClass } from './render-variant.ts'

/**
 * The output class for an `Accept` header. Only explicitly listed types count: browsers send
 * `*\/*` too, which says nothing about AVIF or WebP support. A type with q=0 is refused.
 */
export function negotiateOutput(accept: string | undefined): OutputClass {
  const listed = new Set<string>()
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim())
    const q = params.find((param) => param.startsWith('q='))
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue
    listed.add(type)
  }
  if (listed.has('image/avif')) return 'avif'
  if (listed.has('image/webp')) return 'webp'
  return 'legacy'
}
