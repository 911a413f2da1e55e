import type { Handler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { negotiate, type Encoding } from '../http/content-coding.ts'
import { IMMUTABLE, sharedFile } from '../http/answer-policy.ts'
import type { FleetAssets } from './fleet-assets.ts'

const ASSETS_PREFIX = '/assets/'

/**
 * Answers a hashed asset this build lacks from what other builds of the fleet published: a page
 * one build rendered names its own scripts and stylesheets, and during a rolling deploy (or from a
 * page shared through Redis) the request for them may reach an instance of another build. Answered
 * as the local files are (immutable, precompressed); a name nobody published falls through to the
 * 404, which nobody keeps (answer/answer-writer.ts), so a CDN does not keep it.
 */
export function assetFallback(fleet: FleetAssets): Handler<AppEnv> {
  return async function fleetAsset(c, next) {
    const name = c.req.path.slice(ASSETS_PREFIX.length)
    const copy = await fleet.find(name)
    if (copy === undefined) return next()
    const available: Encoding[] = []
    if (copy.br) available.push('br')
    if (copy.gzip) available.push('gzip')
    const encoding = negotiate(c.req.header('accept-encoding') ?? '', available)
    const body = encoding === 'br' ? copy.br : encoding === 'gzip' ? copy.gzip : copy.identity
    const headers: Record<string, string> = {
      'content-type': copy.type,
      'content-length': String(body?.length ?? 0),
    }
    if (encoding !== null) headers['content-encoding'] = encoding
    // Its coding was negotiated here, whatever its type.
    c.set('answer', { ...sharedFile(IMMUTABLE), vary: ['Accept-Encoding'] })
    if (c.req.method === 'HEAD') return c.body(null, 200, headers)
    const bytes = body ?? copy.identity
    return c.body(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length), 200, headers)
  }
}
