import type { Logger } from 'pino'
import type { FleetAssets } from './assets/fleet-assets.ts'
import type { Readiness } from './lifecycle/readiness.ts'
import type { Metrics } from './metrics/metrics.ts'
import type { ImageOptimizer } from './images/image-optimizer.ts'
import type { SignInLimits } from './api-proxy/sign-in-limits.ts'
import type { ClientManifest } from './render/manifest.ts'
import type { CanonicalScheme } from './seo/canonical-origin.ts'
import type { SitemapLimits } from './seo/sitemap-xml.ts'
import type { HtmlCache } from './cache/pages/html-cache.ts'
import type { Purger } from './cache/purge/purger.ts'
import type { CdnForwarder } from './cdn/cdn-forwarder.ts'
import type { Markdown } from './page-data/markdown.ts'
import type { SiteRepository } from './tenant/site-repository.ts'
import type { UpstreamClient } from './upstream/client.ts'

/** What the app is built from (createServerDeps builds it; tests pass their own). */
export interface AppDeps {
  sites: SiteRepository
  /** The upstream client, for the same-origin API's passthrough calls. */
  upstream: UpstreamClient
  manifest: ClientManifest
  /** Folder of the built browser assets (dist/client), served under /assets/. */
  assetsRoot: string
  /** Other builds' hashed assets, for the addresses this build lacks (with Redis; assets/fleet-assets.ts). */
  fleetAssets?: FleetAssets
  log: Logger
  renderTimeoutMs: number
  /** The image endpoint; without it (IMAGE_OPTIMIZER=0) pages use the original image URLs. */
  images?: ImageOptimizer
  /** Rendered anonymous pages, shared between visitors; absent when HTML caching is off. */
  htmlCache?: HtmlCache
  /** `POST /_internal/purge` answers only when given (PURGE_TOKEN set). */
  purge?: { token: string; purger: Purger }
  /** Forwards each purge the endpoint takes to the CDNs in front (VARNISH_PURGE_URLS, CLOUDFLARE_*, FASTLY_*). */
  cdnPurges?: CdnForwarder
  /** Whether the instance takes traffic (`/readyz`). Default: one that is ready at once. */
  readiness?: Readiness
  /** Default: a fresh registry without process metrics. */
  metrics?: Metrics
  /** Bearer token `/metrics` requires (METRICS_TOKEN); open when unset. */
  metricsToken?: string | undefined
  /**
   * Serve `/healthz`, `/readyz`, `/metrics` and `/_internal/purge` only from `app.operations`, for a
   * port of their own (ADMIN_PORT set), not from the public app. Default false: the public app has them.
   */
  operationsApart?: boolean
  /** Shared-cache lifetime of anonymous pages in seconds (HTML_S_MAXAGE). Default 10. */
  htmlSMaxAge?: number
  /**
   * A CDN in front reads `CDN-Cache-Control` and purge tags (http/shared-lifetimes.ts). Default: when
   * purges are forwarded to one (`cdnPurges`).
   */
  cdnHeaders?: boolean
  /**
   * Seconds a shared cache may serve an anonymous page stale while revalidating. createServerDeps passes
   * HTML_CACHE_STALE_MS in seconds (3600 unless set); 60 when not given (an app built by hand, as in tests).
   */
  htmlStaleSeconds?: number
  /** Trusted proxy hops in front, whose X-Forwarded-For/-Proto are believed (TRUST_PROXY). Default 0. */
  trustProxy?: number
  /** The nearest proxy rewrites Host and reports it in X-Forwarded-Host (TRUST_FORWARDED_HOST). Default false. */
  trustForwardedHost?: boolean
  /** Send `Server-Timing` with the time to the shell (SERVER_TIMING). Default false. */
  serverTiming?: boolean
  /** Send Strict-Transport-Security (HSTS). Default false. */
  hsts?: boolean
  /** Upstream markdown and rich text made safe, memoized (createServerDeps builds it). Default: one of its own. */
  markdown?: Markdown
  /** Largest request body accepted, by form posts and the same-origin API (BODY_LIMIT_BYTES). Default 1 MiB. */
  bodyLimitBytes?: number
  /** Scheme of published URLs (canonical, sitemap) when a site's canonical_link names none. */
  canonicalScheme?: CanonicalScheme
  /** Per-file sitemap limits (the protocol's by default; tests lower them). */
  sitemapLimits?: SitemapLimits
  /** Limits on the API's sign-in calls (RATE_LIMIT_*; createServerDeps builds them). Default: none. */
  signInLimits?: SignInLimits
}
