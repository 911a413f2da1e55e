import { Hono } from 'hono'
import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Logger } from 'pino'
import { createStaticHandler } from 'react-router'
import { routes } from '../shared/routes.tsx'
import type { AppEnv } from './app-env.ts'
import { imageRoute } from './images/image-route.ts'
import type { ImageOptimizer } from './images/image-optimizer.ts'
import { IMAGE_ENDPOINT } from '../shared/rules/image-presets.ts'
import { tenant } from './middleware/tenant.ts'
import { plainErrorPage } from './render/fallback-pages.ts'
import type { ClientManifest } from './render/manifest.ts'
import { documentRoute } from './routes/document.ts'
import { payloadRoute, PAYLOAD_SUFFIX } from './routes/payload.ts'
import type { SiteRepository } from './tenant/site-repository.ts'

export interface AppDeps {
  sites: SiteRepository
  manifest: ClientManifest
  /** Folder of the built browser assets (dist/client), served under /assets/. */
  assetsRoot: string
  log: Logger
  renderTimeoutMs: number
  /** The image endpoint; without it (IMAGE_OPTIMIZER=0) pages use the original image URLs. */
  images?: ImageOptimizer
}

/**
 * The whole HTTP application (STYLE.md "Request flow"): request id → security headers → static
 * assets, health and images → tenant → payload or document (redirects, data, render). Nothing here reads
 * the environment or starts I/O; index.ts wires the real dependencies.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  // Built once per process: the route table is the same for every tenant.
  const handler = createStaticHandler(routes)

  app.use(requestId({ headerName: 'x-request-id' }))
  app.use(async function attachLogger(c, next) {
    c.set('log', deps.log)
    await next()
  })
  app.use(secureHeaders({ xFrameOptions: 'SAMEORIGIN', referrerPolicy: 'strict-origin-when-cross-origin', crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: false, crossOriginOpenerPolicy: false }))

  app.get('/healthz', (c) => c.json({ status: 'ok' }))
  app.use(
    '/assets/*',
    serveStatic({
      root: deps.assetsRoot,
      // Asset names carry a content hash: a file never changes under the same name.
      onFound: (_path, c) => {
        c.header('cache-control', 'public, max-age=31536000, immutable')
      },
    }),
  )
  app.all('/assets/*', (c) => c.text('Not Found', 404))

  // Images are not tenant-specific (the source URL is the whole input), so they are answered
  // before tenant resolution: an unknown Host or a slow site config never delays them.
  if (deps.images) app.on(['GET', 'HEAD'], `${IMAGE_ENDPOINT}/:preset`, imageRoute(deps.images))

  app.use(tenant({ sites: deps.sites, imageOptimizer: deps.images !== undefined }))
  const payload = payloadRoute({ handler, sites: deps.sites })
  const document = documentRoute({ handler, sites: deps.sites, manifest: deps.manifest, renderTimeoutMs: deps.renderTimeoutMs })
  app.on(['GET', 'HEAD'], '*', function page(c, next) {
    return c.req.path.endsWith(PAYLOAD_SUFFIX) ? payload(c, next) : document(c, next)
  })
  app.all('*', (c) => c.html(plainErrorPage(405, 'Method Not Allowed', 'This address only answers GET and HEAD.'), 405, { allow: 'GET, HEAD' }))

  // One place maps unexpected failures to a response: a generic 500, details only in the log.
  app.onError((error, c) => {
    const log = c.get('log') ?? deps.log
    log.error({ err: error, url: c.req.url, requestId: c.get('requestId') }, 'unhandled request error')
    return c.html(plainErrorPage(500, 'Internal Server Error', 'Something went wrong. Please try again in a moment.'), 500, { 'cache-control': 'no-store' })
  })
  return app
}
