import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type HttpBindings, type ServerType } from '@hono/node-server'
import type { ServerResponse } from 'node:http'
import pino, { type Logger } from 'pino'
import { request as undiciRequest, type Dispatcher } from 'undici'
import { expect, inject, vi } from 'vitest'
import type { App, AppDeps } from '../server/app.ts'
import type { Purger } from '../server/cache/purge/purger.ts'
import { createDemoApi } from '../server/demo-api/app.ts'
import { parseEnv, type Env } from '../server/env.ts'
import type { HtmlCache, HtmlCacheOptions } from '../server/cache/pages/html-cache.ts'
import type { ImagesOptions } from '../server/images/create-images.ts'
import { startHttpServer } from '../server/lifecycle/http-server.ts'
import { createReadiness } from '../server/lifecycle/readiness.ts'
import { createMetrics } from '../server/metrics/metrics.ts'
import { createServerDeps } from '../server/server-deps.ts'
import type { SiteRepository, SiteRepositoryOptions } from '../server/tenant/site-repository.ts'
import type { UpstreamClientOptions } from '../server/upstream/client.ts'

/**
 * Waits until these sites' renders have settled (background re-renders included) and their pages'
 * writes to the shared store have landed, which they do after the render: what another instance,
 * or a test, reads from Redis next is what these sites left there.
 */
export async function settled(...sites: TestSite[]): Promise<void> {
  for (const site of sites)
    await vi.waitFor(() => expect([site.htmlCache?.inFlight ?? 0, site.htmlCache?.sharing ?? 0]).toEqual([0, 0]))
}

/** This test run's build folder (test/global-setup.ts). */
export function distDir(): string {
  return inject('distDir')
}

/** How a test request reaches the server: `app.request()`, or a socket to the real Node listener. */
export type Via = 'app' | 'listener'

export interface TestSiteOptions {
  /** Upstream handler in front of (or instead of) the demo API; call `demo` to forward. */
  /** `raw` is the stub's own Node response, for faults a web Response cannot express (a reset). */
  upstream?: (
    request: Request,
    demo: (request: Request) => Promise<Response>,
    raw: ServerResponse,
  ) => Promise<Response> | Response
  /** Also serve the app on 127.0.0.1 (for browsers and raw sockets). */
  listen?: boolean
  renderTimeoutMs?: number
  repository?: Partial<Omit<SiteRepositoryOptions, 'upstream'>>
  log?: Logger
  /** The image endpoint: on by default (the demo API's origin allowed), `false` turns it off. */
  images?: false | Partial<Omit<ImagesOptions, 'apiBaseUrl' | 'dispatcher'>>
  /** More app dependencies (readiness, metrics, trustProxy…). */
  app?: Partial<AppDeps>
  /** Options of the upstream client (e.g. metrics). */
  upstreamClient?: { metrics?: UpstreamClientOptions['metrics']; timeoutMs?: number }
  /** Turns the HTML cache on (off by default in tests, so each request renders). */
  htmlCache?: Partial<HtmlCacheOptions>
  /** Shares caches and purges through this Redis (see test/redis-server.ts). */
  redisUrl?: string
  /** Redis through Sentinels or a Cluster instead, and the key prefix (REDIS_SENTINELS, REDIS_CLUSTER_NODES…). */
  redisEnv?: Partial<Pick<Env, RedisVariable>>
  redisCommandTimeoutMs?: number
  /** How long an instance waits on another's load of a config before loading it itself (default 2 s). */
  sharedWaitMs?: number
  /** REDIS_ADMIT_AFTER (default here 1: every render is shared at once). */
  redisAdmitAfter?: number
  /**
   * REDIS_ADMIT_GAP_MS with admission (default here 0: a key's second load in the fleet is
   * admitted, however soon; `'fresh'`: production's default, its fresh time).
   */
  redisAdmitGapMs?: number | 'fresh'
  /** Opens `POST /_internal/purge` with this bearer token. */
  purgeToken?: string
  /** PURGE_GAP (default `stale`). */
  purgeGap?: 'stale' | 'drop'
}

export interface TestSite {
  /**
   * A request to the app as if sent to `http://{host}{path}` (default host res.localhost). `via:
   * 'listener'` sends it over a socket to the real Node listener instead (needs `listen`), where the
   * HTML cache's hit writer answers before the app, as in production.
   */
  request(path: string, init?: RequestInit & { host?: string; via?: Via }): Promise<Response>
  /** Set when `listen` was asked for: e.g. http://127.0.0.1:40123. */
  url: string | undefined
  /** The Node server, when `listen` was asked for (to watch its requests as they arrive). */
  server: Server | undefined
  /**
   * The stub upstream's address. Instances meant to read the very same upstream answers forward to
   * one stub: each demo's answers carry its own address (its media links).
   */
  apiBaseUrl: string
  /** Number of upstream calls per API path so far. */
  upstreamCalls: Map<string, number>
  htmlCache: HtmlCache | undefined
  /** The app itself (its router, for instance). */
  app: App
  /** The app's site repository (spy on it to see which requests reach the tenant step). */
  sites: SiteRepository
  purger: Purger
  /** `POST /_internal/purge` of `body`, with the `purgeToken` the site was started with. */
  purge(body: unknown): Promise<Response>
  /** Closes the site; `settleMs` gives its running renders that long first, as a shutdown does. */
  close(options?: { settleMs?: number }): Promise<void>
}

/**
 * The real app against the demo API (or a stub in front of it) on 127.0.0.1: the fixture of the
 * server and browser tests. The browser bundle must be built (test/global-setup.ts does it).
 */
export async function startTestSite(options: TestSiteOptions = {}): Promise<TestSite> {
  const log = options.log ?? pino({ level: 'silent' })
  const demo = createDemoApi({ log })
  const upstreamCalls = new Map<string, number>()
  const demoFetch = async (request: Request) => demo.fetch(request)
  const upstreamServer = await listen(async (request, env) => {
    const apiPath = new URL(request.url).pathname
    upstreamCalls.set(apiPath, (upstreamCalls.get(apiPath) ?? 0) + 1)
    return options.upstream ? options.upstream(request, demoFetch, env.outgoing) : demoFetch(request)
  })
  const readiness = options.app?.readiness ?? createReadiness()
  if (options.app?.readiness === undefined) readiness.markReady()
  const deps = await createServerDeps(testEnv(upstreamServer.url, options), {
    distRoot: distDir(),
    log,
    metrics: options.app?.metrics ?? createMetrics({ processMetrics: false }),
    readiness,
    ...(options.upstreamClient?.metrics ? { upstreamMetrics: options.upstreamClient.metrics } : {}),
    repository: { retryDelayMs: 5, ...options.repository },
    sharedPollMs: 5,
    ...(options.sharedWaitMs !== undefined ? { sharedWaitMs: options.sharedWaitMs } : {}),
    // Without a stale window unless a test asks for one: past its lifetime a page renders again.
    htmlCache: { staleMs: 0, ...options.htmlCache },
    ...(options.images ? { images: options.images } : {}),
    redisCommandTimeoutMs: options.redisCommandTimeoutMs ?? 1000,
    // The fleet tests count what Redis holds; the builds' files are tested with releases of their own (test/releases.ts).
    shareAssets: false,
    // As behind a CDN configured for purges (lifetimes and tags for it), unless a test says otherwise.
    app: { cdnHeaders: true, ...options.app },
  })
  await deps.redis?.ready
  const { app, sites, htmlCache, purger } = deps
  const appServer = options.listen ? await serveApp(app) : null

  const request: TestSite['request'] = (pathname, init = {}) => {
    const { host = 'res.localhost', via = 'app', ...rest } = init
    const headers = new Headers(rest.headers)
    headers.set('host', host)
    if (via === 'listener') {
      if (!appServer) throw new Error('request via the listener needs startTestSite({ listen: true })')
      return requestOverSocket(appServer.url, pathname, { ...rest, headers })
    }
    // The Host header decides the tenant; the URL only needs to be valid, even for hostile hosts.
    return Promise.resolve(app.request(`${urlBase(host)}${pathname}`, { ...rest, headers }))
  }

  return {
    url: appServer?.url,
    server: appServer?.server,
    apiBaseUrl: upstreamServer.url,
    upstreamCalls,
    htmlCache,
    app,
    sites,
    purger,
    request,
    purge(body) {
      if (options.purgeToken === undefined) throw new Error('purge needs startTestSite({ purgeToken })')
      const headers = { authorization: `Bearer ${options.purgeToken}`, 'content-type': 'application/json' }
      return request('/_internal/purge', { method: 'POST', headers, body: JSON.stringify(body) })
    },
    async close(options = {}) {
      if ((options.settleMs ?? 0) > 0) {
        // The renders given time to settle still reach the stub upstream meanwhile.
        await Promise.all([appServer?.close(), deps.close(options)])
        await upstreamServer.close()
        return
      }
      await Promise.all([appServer?.close(), upstreamServer.close(), deps.close()])
    },
  }
}

type RedisVariable =
  | 'REDIS_SENTINELS'
  | 'REDIS_SENTINEL_NAME'
  | 'REDIS_SENTINEL_PASSWORD'
  | 'REDIS_CLUSTER_NODES'
  | 'REDIS_PASSWORD'
  | 'REDIS_KEY_PREFIX'
  | 'REDIS_PURGE_REPLICAS'

/** Production's defaults, with the harness's options mapped onto the variables they stand for. */
function testEnv(apiBaseUrl: string, options: TestSiteOptions): Env {
  const defaults = parseEnv({})
  if (!defaults.ok) throw new Error(`The environment's defaults do not parse: ${defaults.errors.join('; ')}`)
  return {
    ...defaults.env,
    API_BASE_URL: apiBaseUrl,
    LOG_LEVEL: 'silent',
    UPSTREAM_TIMEOUT_MS: options.upstreamClient?.timeoutMs ?? 2000,
    RENDER_TIMEOUT_MS: options.renderTimeoutMs ?? 5000,
    CONFIG_CACHE_MAX: 1000,
    IMAGE_OPTIMIZER: options.images !== false,
    IMAGE_CACHE_MAX_BYTES: 32 * 1024 * 1024,
    // Off unless a test turns it on, so each request renders.
    HTML_CACHE_TTL_MS: options.htmlCache ? 10_000 : 0,
    // The shared-cache stale window anonymous pages announce (the app's own default).
    HTML_CACHE_STALE_MS: 60_000,
    REDIS_URL: options.redisUrl,
    ...options.redisEnv,
    // At the first render, unless a test asks for admission: most fleet tests read one instance's render on another.
    REDIS_ADMIT_AFTER: options.redisAdmitAfter ?? 1,
    REDIS_ADMIT_GAP_MS: options.redisAdmitGapMs === 'fresh' ? undefined : (options.redisAdmitGapMs ?? 0),
    PURGE_TOKEN: options.purgeToken,
    ...(options.purgeGap ? { PURGE_GAP: options.purgeGap } : {}),
  }
}

/**
 * A request sent as it is (Host header included, no decompression) to a listening server, answered
 * as a web Response, so one test asserts the same way on either path.
 */
async function requestOverSocket(
  base: string,
  pathname: string,
  init: RequestInit & { headers: Headers },
): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase()
  const body =
    typeof init.body === 'string' || init.body instanceof URLSearchParams
      ? String(init.body)
      : init.body == null
        ? undefined
        : Buffer.from(await new Response(init.body).arrayBuffer())
  const answer = await undiciRequest(`${base}${pathname}`, {
    method: method as Dispatcher.HttpMethod,
    headers: Object.fromEntries(init.headers),
    ...(body !== undefined ? { body } : {}),
  })
  const bytes = Buffer.from(await answer.body.arrayBuffer())
  const headers = new Headers()
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of Array.isArray(value) ? value : [value ?? '']) headers.append(name, one)
  }
  const empty = method === 'HEAD' || answer.statusCode === 204 || answer.statusCode === 304
  return new Response(empty ? null : bytes, { status: answer.statusCode, headers })
}

function urlBase(host: string): string {
  try {
    const url = new URL(`http://${host}/`)
    if (url.username === '' && url.password === '') return url.origin
  } catch {
    // Not a URL host: fall through.
  }
  return 'http://invalid.test'
}

/** The app on a Node server as index.ts starts it: through its front door, cache hits answered there. */
async function serveApp(app: App): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const { server, port } = await startHttpServer({
    listener: app.listener,
    port: 0,
    hostname: '127.0.0.1',
    keepAliveTimeoutMs: 5000,
    headersTimeoutMs: 6000,
    requestTimeoutMs: 0,
  })
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

async function listen(
  fetch: (request: Request, env: HttpBindings) => Promise<Response> | Response,
): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    // Only HTTP/1.1 servers are created here: the bindings are Node's request and response.
    const server: ServerType = serve(
      { fetch: (request, env) => fetch(request, env as HttpBindings), port: 0, hostname: '127.0.0.1' },
      (info: AddressInfo) => {
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done())
              if ('closeAllConnections' in server) server.closeAllConnections()
            }),
        })
      },
    )
    server.once('error', reject)
  })
}
