import type { Handler } from 'hono'
import { safeRedirectTarget } from '../../shared/rules/safe-url.ts'
import type { AppEnv } from '../app-env.ts'
import { sharedFile } from '../http/answer-policy.ts'

/** Browsers cache the icon; a tenant that changes it is seen within a day. */
const FAVICON_CACHE = 'public, max-age=86400'
/** An icon shown on its own must not run anything (an SVG can carry scripts). */
const INERT_DOCUMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
const DATA_URI = /^data:(image\/[\w.+-]+)((?:;[\w-]+=[^;,]*)*)(;base64)?,(.*)$/is

type Favicon = { kind: 'inline'; type: string; body: Uint8Array } | { kind: 'redirect'; location: string } | null

/**
 * What `/favicon.ico` answers for the site's `seo_config.favicon`: an inline `data:image/…` icon
 * decoded, an http(s) or site-relative address redirected to, anything else nothing.
 */
export function toFavicon(favicon: string): Favicon {
  const value = favicon.trim()
  const inline = DATA_URI.exec(value)
  if (inline) {
    const [, type, , base64, data] = inline as unknown as [string, string, string, string | undefined, string]
    try {
      const body = base64 ? Buffer.from(data, 'base64') : Buffer.from(decodeURIComponent(data), 'utf8')
      return body.byteLength > 0 ? { kind: 'inline', type: type.toLowerCase(), body } : null
    } catch {
      return null // malformed percent-encoding
    }
  }
  const location = safeRedirectTarget(value)
  return location === null ? null : { kind: 'redirect', location }
}

/**
 * `/favicon.ico`: browsers ask for it on every document without an icon link (raw custom pages,
 * files opened directly). Answered from the site's configured icon, never by rendering a 404 page.
 */
export function faviconRoute(): Handler<AppEnv> {
  return function favicon(c) {
    c.set('routeName', 'favicon')
    const icon = toFavicon(c.get('tenant').publicSite.favicon)
    if (icon === null) return c.body(null, 404)
    if (icon.kind === 'redirect') return c.redirect(icon.location, 302)
    c.set('answer', sharedFile(FAVICON_CACHE, { own: INERT_DOCUMENT_CSP }))
    const headers = { 'content-type': icon.type }
    if (c.req.method === 'HEAD') return c.body(null, 200, headers)
    return c.body(icon.body as Uint8Array<ArrayBuffer>, 200, headers)
  }
}
