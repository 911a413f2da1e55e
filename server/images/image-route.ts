import type { Context, Handler } from 'hono'
import { IMAGE_DENSITIES, isImagePreset, type ImageDensity } from '../../shared/rules/image-presets.ts'
import type { AppEnv } from '../app-env.ts'
import { ifNoneMatchMatches } from '../http/conditional-request.ts'
import { IMMUTABLE, NOT_KEPT, sharedFile } from '../http/answer-policy.ts'
import type { ImageOutcome } from '../metrics/metrics.ts'
import { badRequest, ImageError, OUTCOME_OF_STATUS } from './image-errors.ts'
import type { ImageOptimizer } from './image-optimizer.ts'
import { negotiateOutput } from './negotiate-output.ts'

const MAX_SOURCE_LENGTH = 4096
/** Sources without a content hash may change: browsers recheck daily, shared caches monthly, serving stale meanwhile. */
const REVALIDATED = 'public, max-age=86400, s-maxage=2592000, stale-while-revalidate=604800'
/** An SVG passed through is shown as a document in its own sandbox: no scripts, no loads, no forms. */
const SVG_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:"

/**
 * `GET /_img/<preset>?url=<source>&dpr=1|2`: the optimised image. Only those two parameters are
 * accepted (anything else is 400), so caches in front hold one copy per variant. Failures answer a
 * short text with `no-store` (and `Retry-After` when the optimiser is busy); the log gets the details.
 */
export function imageRoute(optimizer: ImageOptimizer, onOutcome?: (outcome: ImageOutcome) => void): Handler<AppEnv> {
  return async function imageHandler(c) {
    c.set('routeName', 'images')
    try {
      const image = await optimizer.get(toImageRequest(c))
      const headers: Record<string, string> = {
        'content-type': image.contentType,
        etag: image.etag,
        'x-content-type-options': 'nosniff',
      }
      const svg = image.contentType === 'image/svg+xml'
      const cacheControl = image.immutable ? IMMUTABLE : REVALIDATED
      // An SVG's own policy stands in place of the site-wide one; any other format was chosen by Accept.
      c.set(
        'answer',
        svg ? sharedFile(cacheControl, { own: SVG_POLICY }) : { ...sharedFile(cacheControl), vary: ['Accept'] },
      )
      if (ifNoneMatchMatches(c.req.header('if-none-match'), image.etag)) {
        onOutcome?.('not_modified')
        // A 304 is written here, whole: it keeps what a cache updates its copy from.
        return new Response(null, { status: 304, headers: { ...headers, 'cache-control': cacheControl } })
      }
      onOutcome?.('ok')
      headers['content-length'] = String(image.body.length)
      return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(image.body), { status: 200, headers })
    } catch (error) {
      if (!(error instanceof ImageError)) throw error
      onOutcome?.(OUTCOME_OF_STATUS[error.status])
      return refusal(c, error)
    }
  }
}

/** The variant a request asks for: its preset, source, density and the format the browser takes. */
function toImageRequest(c: Context<AppEnv>): Parameters<ImageOptimizer['get']>[0] {
  const preset = c.req.param('preset') ?? ''
  if (!isImagePreset(preset))
    throw new ImageError(404, 'Unknown image preset', `preset ${JSON.stringify(preset.slice(0, 40))}`)
  const query = new URL(c.req.url).searchParams
  const source = parseSource(query)
  const density = parseDensity(query)
  const output = negotiateOutput(c.req.header('accept'))
  return { source, preset, density: preset === 'placeholder' ? 1 : density, output }
}

/** A refused or failed image request: a short text, never stored, its details in the log. */
function refusal(c: Context<AppEnv>, error: ImageError): Response {
  const log = c.get('log')
  if (error.status >= 500) log.warn({ err: error, url: c.req.url }, 'image source failed')
  else log.info({ reason: error.message, url: c.req.url }, 'image request refused')
  c.set('answer', NOT_KEPT)
  const headers: Record<string, string> = {}
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds)
  return c.text(error.publicMessage, error.status, headers)
}

function parseSource(query: URLSearchParams): URL {
  for (const name of query.keys()) {
    if (name !== 'url' && name !== 'dpr') throw badRequest(`unknown parameter ${JSON.stringify(name.slice(0, 40))}`)
  }
  const values = query.getAll('url')
  const raw = values[0]
  if (values.length !== 1 || raw === undefined || raw === '') throw badRequest('exactly one url parameter is required')
  if (raw.length > MAX_SOURCE_LENGTH) throw badRequest('the source URL is too long')
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw badRequest('the source is not an absolute URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(`scheme ${url.protocol} is not allowed`)
  url.hash = ''
  return url
}

function parseDensity(query: URLSearchParams): ImageDensity {
  const values = query.getAll('dpr')
  if (values.length === 0) return 1
  const density = IMAGE_DENSITIES.find((allowed) => values.length === 1 && String(allowed) === values[0])
  if (density === undefined) throw badRequest('dpr must be 1 or 2')
  return density
}
