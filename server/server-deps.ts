import path from 'node:path'
import type { Logger } from 'pino'
import { Agent, type Dispatcher } from 'undici'
import { createApp, type App, type AppDeps } from './app.ts'
import type { Purger } from './cache/purge/purger.ts'
import type { RedisSharing } from './cache/redis-sharing.ts'
import { admitTimes } from './cache/redis/shared-admission.ts'
import { createCdnForwarder, type CdnForwarder } from './cdn/cdn-forwarder.ts'
import { cdnTargetsFromEnv } from './cdn/cdn-from-env.ts'
import type { Env } from './env.ts'
import { createHtmlCache, type HtmlCache, type HtmlCacheOptions } from './cache/pages/html-cache.ts'
import { createImages, type ImagesOptions } from './images/create-images.ts'
import type { ImageOptimizer } from './images/image-optimizer.ts'
import { createReadiness, readyOnUpstreamContact, type Readiness } from './lifecycle/readiness.ts'
import { closerOf } from './server-close.ts'
import { upstreamApiOf } from './upstream-api.ts'
import { assetSharingOf, purgerOf, redisSharingOf, type SharedSpace } from './fleet-wiring.ts'
import { createLogger } from './logger.ts'
import { createMetrics, type Metrics } from './metrics/metrics.ts'
import { createMarkdown, MARKDOWN_MEMO } from './page-data/markdown.ts'
import { buildIdOf, readClientManifest } from './render/manifest.ts'
import packageJson from '../package.json' with { type: 'json' }
import { createSignInLimits, toCallLimits } from './api-proxy/sign-in-limits.ts'
import { createSiteRepository, type SiteRepository, type SiteRepositoryOptions } from './tenant/site-repository.ts'
import { createUpstreamClient, type UpstreamClient, type UpstreamClientOptions } from './upstream/client.ts'

/** What the server needs beyond its environment, and the seams tests use. */
export interface ServerDepsOptions {
  /** The build folder: `client/manifest.json` and the browser assets under `client/`. */
  distRoot: string
  /** Default: a logger at LOG_LEVEL. */
  log?: Logger
  /** Transport to the upstream and the image sources. Default: a keep-alive pool closed by `close()`. */
  dispatcher?: Dispatcher
  /** Default: a registry with process metrics. */
  metrics?: Metrics
  /** Default: not ready until the upstream first answers. */
  readiness?: Readiness
  /** Replaces the upstream client's metrics (default: the registry's, which also mark the instance ready). */
  upstreamMetrics?: UpstreamClientOptions['metrics']
  repository?: Partial<Omit<SiteRepositoryOptions, 'upstream' | 'shared'>>
  /** How often a repository waiting on another instance's load looks at Redis again. */
  sharedPollMs?: number
  /** How long a repository waits on another instance's load before loading itself. */
  sharedWaitMs?: number
  htmlCache?: Partial<HtmlCacheOptions>
  images?: Partial<Omit<ImagesOptions, 'apiBaseUrl' | 'dispatcher'>>
  redisCommandTimeoutMs?: number
  /** With Redis, publish this build's browser files and answer other builds' (assets/). Default true. */
  shareAssets?: boolean
  /** Last word on the app's dependencies (e.g. sitemap limits). */
  app?: Partial<AppDeps>
}

/** Everything the server runs on, built from one environment. */
export interface ServerDeps {
  env: Env
  log: Logger
  /** The upstream API's base URL: API_BASE_URL, or the embedded demo API's address. */
  apiBaseUrl: string
  upstream: UpstreamClient
  sites: SiteRepository
  htmlCache: HtmlCache | undefined
  images: ImageOptimizer | undefined
  redis: RedisSharing | null
  purger: Purger
  metrics: Metrics
  readiness: Readiness
  app: App
  /**
   * Stops the purge bus, the embedded demo API, Redis and the upstream pool (not the HTTP server),
   * first giving the renders still running and their writes to the shared store up to `settleMs`
   * (default 0: no wait). Answers false when some were still running after that time: they are cut,
   * their upstream requests aborted.
   */
  close(options?: { settleMs?: number }): Promise<boolean>
}

/**
 * The server's dependencies, wired once from the parsed environment: server/index.ts runs on them
 * and the test harness builds them the same way (with a stub upstream, a log, a clock), so the
 * wiring the tests drive is the wiring production runs. Without API_BASE_URL the demo API is
 * loaded and started here; a production bundle carries it as a separate file (build.mjs).
 */
export async function createServerDeps(env: Env, options: ServerDepsOptions): Promise<ServerDeps> {
  const log = options.log ?? createLogger(env.LOG_LEVEL)
  const { demoApi, apiBaseUrl } = await upstreamApiOf(env, log)

  const metrics = options.metrics ?? createMetrics()
  const readiness = options.readiness ?? createReadiness()
  readiness.onChange((state) => metrics.draining.set(state === 'draining' ? 1 : 0))
  const dispatcher = options.dispatcher ?? new Agent({ keepAliveTimeout: 10_000, connections: 128 })
  // Closed by `close()` only when made here.
  const ownDispatcher = options.dispatcher ? null : dispatcher
  const upstream = createUpstreamClient({
    baseUrl: apiBaseUrl,
    dispatcher,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    metrics: options.upstreamMetrics ?? readyOnUpstreamContact(readiness, metrics.upstream),
  })
  const wiring: Wiring = { env, options, log, metrics, dispatcher, apiBaseUrl }
  const redis = redisSharingOf(wiring)
  const shared = redis ? { store: redis.store, prefix: redis.prefix } : undefined
  const sites = siteRepositoryOf(wiring, upstream, shared)
  const images = env.IMAGE_OPTIMIZER ? imagesOf(wiring) : undefined
  const manifest = readClientManifest(path.join(options.distRoot, 'client', 'manifest.json'))
  const build = buildIdOf(manifest.entry.file)
  metrics.buildInfo(packageJson.version, build)
  const htmlCache = htmlCacheOf(wiring, shared && { ...shared, build })
  const purger = purgerOf(wiring, sites, htmlCache, redis && shared && { ...shared, bus: redis.bus })
  const cdnPurges = cdnForwarderOf(wiring)
  const assets = redis && options.shareAssets !== false ? assetSharingOf(wiring, redis, htmlCache) : undefined
  const app = createApp({
    ...appDepsOf(wiring, redis),
    sites,
    upstream,
    manifest,
    ...(assets ? { fleetAssets: assets.fleet } : {}),
    readiness,
    images,
    ...(htmlCache ? { htmlCache } : {}),
    ...(env.PURGE_TOKEN ? { purge: { token: env.PURGE_TOKEN, purger } } : {}),
    ...(cdnPurges ? { cdnPurges } : {}),
    ...options.app,
  })

  return {
    env,
    log,
    apiBaseUrl,
    upstream,
    sites,
    htmlCache,
    images,
    redis,
    purger,
    metrics,
    readiness,
    app,
    close: closerOf({ log, htmlCache, purger, assets, demoApi, redis, ownDispatcher }),
  }
}

/** What every part below is built from: the environment, the seams, and the parts made first. */
interface Wiring {
  env: Env
  options: ServerDepsOptions
  log: Logger
  metrics: Metrics
  dispatcher: Dispatcher
  apiBaseUrl: string
}

function siteRepositoryOf(
  { env, options, log, metrics }: Wiring,
  upstream: UpstreamClient,
  shared: SharedSpace | undefined,
): SiteRepository {
  return createSiteRepository({
    upstream,
    ...(shared
      ? {
          shared: {
            ...shared,
            // Configs and data enter Redis at a later load in the fleet (shared-admission.ts).
            ...(env.REDIS_ADMIT_AFTER === 2 ? { admit: admitTimes(env.PAGE_TTL_MS, env.REDIS_ADMIT_GAP_MS) } : {}),
            ...(options.sharedPollMs !== undefined ? { pollMs: options.sharedPollMs } : {}),
            ...(options.sharedWaitMs !== undefined ? { waitMs: options.sharedWaitMs } : {}),
          },
        }
      : {}),
    ttlMs: env.CONFIG_TTL_MS,
    staleMs: env.CONFIG_STALE_MS,
    negativeTtlMs: env.NEGATIVE_TTL_MS,
    pageTtlMs: env.PAGE_TTL_MS,
    max: env.CONFIG_CACHE_MAX,
    maxBytes: env.CONFIG_CACHE_MAX_BYTES,
    metrics,
    onError: (error, what) => log.warn({ err: error, what }, 'upstream load failed'),
    ...options.repository,
  })
}

function imagesOf({ env, options, log, metrics, dispatcher, apiBaseUrl }: Wiring): ImageOptimizer {
  return createImages({
    apiBaseUrl,
    allowedOrigins: env.IMAGE_ALLOWED_ORIGINS,
    dispatcher,
    timeoutMs: env.IMAGE_TIMEOUT_MS,
    maxSourceBytes: env.IMAGE_MAX_SOURCE_BYTES,
    cacheMaxBytes: env.IMAGE_CACHE_MAX_BYTES,
    cacheDir: env.IMAGE_CACHE_DIR,
    cacheDirMaxBytes: env.IMAGE_CACHE_DIR_MAX_BYTES,
    diskMetrics: metrics.cache('image_disk'),
    metrics: metrics.images,
    avif: env.IMAGE_AVIF,
    limits: {
      fetchPerOrigin: env.IMAGE_FETCH_PER_ORIGIN,
      fetchPerOriginQueue: env.IMAGE_FETCH_PER_ORIGIN_QUEUE,
      fetchConcurrency: env.IMAGE_FETCH_CONCURRENCY,
      fetchQueue: env.IMAGE_FETCH_QUEUE,
      encodeConcurrency: env.IMAGE_ENCODE_CONCURRENCY,
      encodeQueue: env.IMAGE_ENCODE_QUEUE,
    },
    onDiskError: (error) => log.warn({ err: error }, 'image disk cache failed'),
    ...options.images,
  })
}

/** The HTML cache, unless HTML_CACHE_TTL_MS or HTML_CACHE_MAX_BYTES turn it off. */
function htmlCacheOf(
  { env, options, log, metrics }: Wiring,
  shared: (SharedSpace & { build: string }) | undefined,
): HtmlCache | undefined {
  if (env.HTML_CACHE_TTL_MS <= 0 || env.HTML_CACHE_MAX_BYTES <= 0) return undefined
  return createHtmlCache({
    ttlMs: env.HTML_CACHE_TTL_MS,
    staleMs: env.HTML_CACHE_STALE_MS,
    maxBytes: env.HTML_CACHE_MAX_BYTES,
    ...(shared
      ? {
          shared: {
            ...shared,
            admitAfter: env.REDIS_ADMIT_AFTER,
            ...(env.REDIS_ADMIT_GAP_MS !== undefined ? { admitGapMs: env.REDIS_ADMIT_GAP_MS } : {}),
          },
        }
      : {}),
    metrics: metrics.cache('html'),
    onRevalidated: (outcome, seconds) => metrics.htmlRevalidation(outcome, seconds),
    onError: (error, key) => log.warn({ err: error, key }, 'html cache entry dropped'),
    ...options.htmlCache,
  })
}

/** Each purge the endpoint takes goes on to the CDNs in front, from this instance only (cdn/). */
function cdnForwarderOf({ env, log, metrics, dispatcher }: Wiring): CdnForwarder | undefined {
  const targets = cdnTargetsFromEnv(env)
  if (targets.length === 0) return undefined
  return createCdnForwarder({
    targets,
    dispatcher,
    timeoutMs: env.CDN_PURGE_TIMEOUT_MS,
    log: log.child({ component: 'cdn' }),
    onOutcome: (cdn, outcome) => metrics.cdnPurge(cdn, outcome),
    onCall: (cdn, outcome) => metrics.cdnPurgeCall(cdn, outcome),
    maxCalls: env.CDN_PURGE_MAX_CALLS,
    callsPerMinute: env.CDN_PURGE_CALLS_PER_MINUTE,
  })
}

/** The app's settings read from the environment, and the parts it takes from the wiring alone. */
function appDepsOf(
  { env, options, log, metrics }: Wiring,
  redis: RedisSharing | null,
): Omit<AppDeps, 'sites' | 'upstream' | 'manifest'> {
  return {
    assetsRoot: path.join(options.distRoot, 'client'),
    log,
    renderTimeoutMs: env.RENDER_TIMEOUT_MS,
    metrics,
    metricsToken: env.METRICS_TOKEN,
    operationsApart: env.ADMIN_PORT !== undefined,
    htmlSMaxAge: env.HTML_S_MAXAGE,
    htmlStaleSeconds: Math.floor(env.HTML_CACHE_STALE_MS / 1000),
    trustProxy: env.TRUST_PROXY,
    trustForwardedHost: env.TRUST_FORWARDED_HOST,
    serverTiming: env.SERVER_TIMING,
    hsts: env.HSTS,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    // Each distinct upstream text converted once, within two memos of 8 MiB (page-data/markdown.ts).
    markdown: createMarkdown(MARKDOWN_MEMO),
    signInLimits: createSignInLimits({
      limits: toCallLimits({
        sendCode: env.RATE_LIMIT_SEND_CODE,
        login: env.RATE_LIMIT_LOGIN,
        codeCheck: env.RATE_LIMIT_CODE_CHECK,
      }),
      redis: redis?.client,
      // Under the fleet's prefix, so fleets sharing one Redis count apart.
      ...(redis ? { keyPrefix: `${redis.prefix}limit` } : {}),
      // Counted with the shared store's commands, as operation `limit`.
      onCommandError: () => metrics.sharedStoreError('limit'),
      onCommandTimed: (seconds) => metrics.sharedStoreCommand('limit', seconds),
    }),
    canonicalScheme: env.CANONICAL_SCHEME,
  }
}
