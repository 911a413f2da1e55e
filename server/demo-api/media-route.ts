import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Next } from 'hono'
import { MEDIA_ROUTE, parseMediaPath, type MediaAsset } from './media-path.ts'
import { avatarSvg, iconSvg, qrSvg } from './svg-art.ts'

/**
 * Where the committed media files are: `server/demo-api/media/` from the sources, `dist/server/media/`
 * in a build (build.mjs copies them next to the bundle this module ends up in).
 */
export const DEFAULT_MEDIA_DIR = fileURLToPath(new URL('./media/', import.meta.url))

// Files have content-hashed names: an address never changes its bytes.
const IMMUTABLE = 'public, max-age=31536000, immutable'
// Drawn pictures are named by what they show, not by their bytes: revalidated daily (ETag).
const DRAWN = 'public, max-age=86400'
// A picture opened on its own must not run anything: its text comes from the address.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

function drawSvg(asset: Exclude<MediaAsset, { kind: 'file' }>): string {
  switch (asset.kind) {
    case 'icon':
      return iconSvg(asset.letters, `#${asset.background}`, asset.size)
    case 'avatar':
      return avatarSvg(asset.name)
    case 'qr':
      return qrSvg(asset.seed)
  }
}

/**
 * `GET|HEAD /media/<path>`: the committed pictures and clips (with byte ranges, which video players
 * ask for) and the drawn SVG icons, avatars and QR squares. Anything else is a plain 404.
 */
export function createMediaRoute(options: { dir?: string } = {}) {
  const dir = options.dir ?? DEFAULT_MEDIA_DIR
  const files = serveStatic({
    root: dir,
    rewriteRequestPath: (path) => path.slice(MEDIA_ROUTE.length - 1),
  })
  return async function media(c: Context, next: Next): Promise<Response> {
    // The raw path: a name is matched before any percent-decoding.
    const raw = new URL(c.req.url).pathname.slice(MEDIA_ROUTE.length)
    const asset = parseMediaPath(raw)
    if (asset === null) return c.text('no such media', 404, { 'cache-control': 'no-store' })
    c.header('X-Content-Type-Options', 'nosniff')
    if (asset.kind === 'file') {
      // Set before serveStatic builds its response, which takes the headers set so far.
      c.header('Cache-Control', IMMUTABLE)
      c.header('Accept-Ranges', 'bytes')
      const answer = await files(c, next)
      return answer ?? c.text('no such media', 404, { 'cache-control': 'no-store' })
    }
    const svg = drawSvg(asset)
    const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`
    const headers = {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': DRAWN,
      etag,
      'content-security-policy': SVG_CSP,
    }
    const known = c.req
      .header('if-none-match')
      ?.split(',')
      .some((tag) => tag.trim().replace(/^W\//, '') === etag)
    if (known) return c.body(null, 304, headers)
    if (c.req.method === 'HEAD') return c.body(null, 200, headers)
    return c.body(svg, 200, headers)
  }
}
