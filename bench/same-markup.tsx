// Reference servers for the benchmark, built from the app's own route table and the data a page hydrates with:
// what rendering the same markup costs without the server around it.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { PassThrough } from 'node:stream'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from 'react-router'
import { pageDataContext } from '../shared/data/page-data.ts'
import { I18nProvider } from '../shared/i18n/i18n-context.tsx'
import { loadMessages } from '../shared/i18n/load-messages.ts'
import { createLocale } from '../shared/i18n/locale.ts'
import { ContentViewsContext, createContentViews } from '../shared/pages/content/content-views.ts'
import { routes } from '../shared/routes.tsx'
import type { Lang } from '../shared/types.ts'

interface Payload {
  loaderData: Record<string, Record<string, unknown> | null>
  deferred?: Record<string, string[]>
}

/** Loader data with deferred fields as their settled values (React renders those at once). */
function settled(payload: Payload): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [routeId, data] of Object.entries(payload.loaderData)) {
    const copy = data && typeof data === 'object' ? { ...data } : data
    for (const key of payload.deferred?.[routeId] ?? [])
      (copy as Record<string, unknown>)[key] = (copy as Record<string, { value?: unknown }>)[key]?.value
    out[routeId] = copy
  }
  return out
}

/** The page's React tree from canned data: route matching, no upstream. */
async function pageTree(payload: Payload, routerUrl: string, language: Lang) {
  const handler = createStaticHandler(routes)
  const locale = createLocale(language, await loadMessages(language))
  // renderToString cannot wait for a module: every content view is loaded first (the app's
  // renders load the page's view before they start).
  const views = createContentViews()
  await views.loadAll()
  const data = settled(payload)
  const source = { load: async (routeId: string) => data[routeId] }
  return async () => {
    const context = new RouterContextProvider()
    context.set(pageDataContext, source)
    const result = await handler.query(new Request(routerUrl), { requestContext: context })
    if (result instanceof Response) throw new Error('unexpected redirect')
    const router = createStaticRouter(handler.dataRoutes, result)
    return (
      <I18nProvider locale={locale}>
        <ContentViewsContext value={views}>
          <StaticRouterProvider router={router} context={result} hydrate={false} />
        </ContentViewsContext>
      </I18nProvider>
    )
  }
}

/** (b) Bare renderToString of the page's React tree: no upstream, no streaming. */
export async function startRenderToStringServer(payload: Payload, routerUrl: string, language: Lang) {
  const tree = await pageTree(payload, routerUrl, language)
  return listen(async (response) => {
    const html = `<!DOCTYPE html><html><head><title>x</title></head><body><div id="root">${renderToString(await tree())}</div></body></html>`
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) })
    response.end(html)
  })
}

/**
 * (c) The same tree through renderToPipeableStream, the streaming renderer the app uses, collected
 * whole: what streaming costs by itself against (b), with nothing else of the app around it.
 */
export async function startPipeableStreamServer(payload: Payload, routerUrl: string, language: Lang) {
  const tree = await pageTree(payload, routerUrl, language)
  return listen(async (response) => {
    const element = await tree()
    const body = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = []
      const sink = new PassThrough()
      sink.on('data', (chunk: Buffer) => chunks.push(chunk))
      sink.on('end', () => resolve(Buffer.concat(chunks)))
      const stream = renderToPipeableStream(element, { onAllReady: () => stream.pipe(sink), onShellError: reject })
    })
    const html = Buffer.concat([
      Buffer.from('<!DOCTYPE html><html><head><title>x</title></head><body><div id="root">'),
      body,
      Buffer.from('</div></body></html>'),
    ])
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': html.byteLength })
    response.end(html)
  })
}

/** The same page's finished HTML as a constant string: the floor of any HTTP response. */
export function startRawStringServer(html: string) {
  const body = Buffer.from(html)
  return listen(async (response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.byteLength })
    response.end(body)
  })
}

/**
 * (d) The same bytes from a bare Hono app on @hono/node-server, the stack the app runs on: what one
 * request costs in the framework alone (web Request and Response objects), before any middleware.
 */
export function startHonoStringServer(html: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const body = Buffer.from(html)
  const app = new Hono()
  app.get('*', (c) => c.body(body, 200, { 'content-type': 'text/html; charset=utf-8' }))
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        origin: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise((done) => {
            ;(server as http.Server).closeAllConnections()
            server.close(() => done())
          }),
      })
    })
  })
}

function listen(
  respond: (response: http.ServerResponse) => Promise<void>,
): Promise<{ origin: string; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    const server = http.createServer((_request, response) => {
      respond(response).catch((error) => {
        response.writeHead(500)
        response.end(String(error))
      })
    })
    server.keepAliveTimeout = 10_000
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections()
            server.close(() => done())
          }),
      })
    })
  })
}
