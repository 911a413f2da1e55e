import { lookup } from 'node:dns/promises'
import type { LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import { Agent, request, type Dispatcher } from 'undici'
import { BodyTooLargeError, discardBody, readBody } from '../upstream/read-body.ts'
import { isPublicAddress } from './address-policy.ts'
import { badRequest, forbiddenSource, ImageError, sourceFailed, sourceTimedOut } from './image-errors.ts'

export interface SourceFetcherOptions {
  /** Origins (`https://cdn.example.com`) fetched without the public-address check. */
  allowedOrigins: Iterable<string>
  /** Transport for allowed origins (the shared keep-alive pool). */
  dispatcher: Dispatcher
  /** One deadline for the whole fetch: every redirect hop and the body. */
  timeoutMs: number
  /** Bodies larger than this are cut off and refused. */
  maxBytes: number
  /** Default 3. */
  maxRedirects?: number
  /** Host name → every address it resolves to. Default: the system resolver. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>
  /** A dispatcher that connects to exactly this address whatever the URL's host (the pin). Default {@link createPinnedAgent}. */
  pinnedDispatcher?: (address: LookupAddress) => Dispatcher
}

export interface FetchedSource {
  body: Buffer
  /** The URL that finally answered (after redirects). */
  url: URL
  /** Whether that URL's origin is an allowed one (SVG is passed through only from those). */
  allowedOrigin: boolean
}

export type SourceFetcher = (source: URL) => Promise<FetchedSource>

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const ACCEPT = 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/svg+xml;q=0.8'

/**
 * Fetches image sources without becoming a way into the private network (SSRF): only http(s);
 * a host outside the allowed origins must resolve to public addresses only, and the connection
 * goes to the address that was checked (no second DNS answer can swap it for 127.0.0.1); redirects
 * are followed by hand, each hop checked again; a deadline and a byte cap bound every fetch.
 */
export function createSourceFetcher(options: SourceFetcherOptions): SourceFetcher {
  const allowed = new Set([...options.allowedOrigins].map((origin) => new URL(origin).origin))
  const resolve = options.resolve ?? ((hostname: string) => lookup(hostname, { all: true, verbatim: true }))
  const pinnedDispatcher = options.pinnedDispatcher ?? createPinnedAgent
  const maxRedirects = options.maxRedirects ?? 3

  /** One hop to `url`: checked, and pinned to a checked public address unless its origin is allowed. */
  async function hopTo(url: URL, signal: AbortSignal): Promise<HopAnswer> {
    checkUrl(url)
    const pinned = allowed.has(url.origin) ? null : pinnedDispatcher(await publicAddressOf(url, resolve))
    try {
      return await fetchHop(url, pinned ?? options.dispatcher, signal, options.maxBytes)
    } finally {
      // The pinned agent served this one hop; closing it drops its socket.
      if (pinned) void pinned.destroy().catch(() => {})
    }
  }

  return async function fetchSource(source) {
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), options.timeoutMs)
    let url = source
    try {
      for (let hop = 0; ; hop += 1) {
        const answer = await hopTo(url, deadline.signal)
        if (answer.kind === 'body') return { body: answer.body, url, allowedOrigin: allowed.has(url.origin) }
        if (hop >= maxRedirects) throw sourceFailed(`more than ${maxRedirects} redirects from ${source.href}`)
        url = nextHop(url, answer.location)
      }
    } catch (error) {
      throw toImageError(error, url, deadline.signal.aborted, options)
    } finally {
      clearTimeout(timer)
    }
  }
}

/** What one hop answered: a redirect to follow, or the image's bytes. */
type HopAnswer = { kind: 'redirect'; location: string } | { kind: 'body'; body: Buffer }

/** One request of a fetch; any answer but a redirect or a 200 is refused here. */
async function fetchHop(url: URL, dispatcher: Dispatcher, signal: AbortSignal, maxBytes: number): Promise<HopAnswer> {
  const response = await send(url, dispatcher, signal)
  const location = response.headers.location
  if (REDIRECTS.has(response.statusCode) && typeof location === 'string') {
    discardBody(response.body)
    return { kind: 'redirect', location }
  }
  if (response.statusCode !== 200) {
    discardBody(response.body)
    if (response.statusCode === 404 || response.statusCode === 410)
      throw new ImageError(404, 'Image source not found', `HTTP ${response.statusCode} from ${url.href}`)
    throw sourceFailed(`HTTP ${response.statusCode} from ${url.href}`)
  }
  const length = Number(response.headers['content-length'])
  return { kind: 'body', body: await readBody(response.body, maxBytes, Number.isFinite(length) ? length : undefined) }
}

/** A fetch's failure as the image route answers it: past the deadline, too large, or failed. */
function toImageError(
  error: unknown,
  url: URL,
  timedOut: boolean,
  options: Pick<SourceFetcherOptions, 'timeoutMs' | 'maxBytes'>,
): ImageError {
  if (error instanceof ImageError) return error
  if (timedOut) return sourceTimedOut(`no complete answer within ${options.timeoutMs} ms from ${url.href}`)
  if (error instanceof BodyTooLargeError)
    return sourceFailed(`${url.href} is larger than ${options.maxBytes} bytes`, error)
  return sourceFailed(`fetching ${url.href} failed`, error)
}

function send(url: URL, dispatcher: Dispatcher, signal: AbortSignal) {
  return request(url, {
    method: 'GET',
    dispatcher,
    signal,
    headers: { accept: ACCEPT, 'user-agent': 'tenant-sites-image-optimizer' },
  })
}

/** Only absolute http(s) URLs without credentials. */
function checkUrl(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(`scheme ${url.protocol} is not allowed`)
  if (url.username !== '' || url.password !== '') throw badRequest('credentials in the source URL are not allowed')
}

function nextHop(from: URL, location: string): URL {
  let next: URL
  try {
    next = new URL(location, from)
  } catch {
    throw sourceFailed(`bad redirect target from ${from.href}`)
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:')
    throw forbiddenSource(`redirect from ${from.href} to scheme ${next.protocol}`)
  return next
}

/**
 * The address to connect to for `url`: every address of the host must be public (a host that
 * answers both a public and a private address is refused, whichever a connection would pick).
 */
async function publicAddressOf(
  url: URL,
  resolve: (hostname: string) => Promise<LookupAddress[]>,
): Promise<LookupAddress> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: LookupAddress[]
  const family = isIP(hostname)
  if (family !== 0) {
    addresses = [{ address: hostname, family }]
  } else {
    try {
      addresses = await resolve(hostname)
    } catch (error) {
      throw sourceFailed(`cannot resolve ${hostname}`, error)
    }
  }
  const first = addresses[0]
  if (first === undefined) throw sourceFailed(`no address for ${hostname}`)
  const refused = addresses.find((entry) => !isPublicAddress(entry.address))
  if (refused) throw forbiddenSource(`${hostname} resolves to the non-public address ${refused.address}`)
  return first
}

/**
 * An undici agent whose every connection goes to `address` (TLS still checks the URL's host name,
 * as the URL is unchanged). One per hop, destroyed after it.
 */
export function createPinnedAgent(address: LookupAddress): Agent {
  return new Agent({
    connections: 1,
    connect: {
      lookup(_hostname, lookupOptions, callback) {
        if ((lookupOptions as { all?: boolean }).all)
          (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, [address])
        else callback(null, address.address, address.family)
      },
    },
  })
}
