import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener, type HttpBindings } from '@hono/node-server'

/**
 * What answers the requests: the app's Node listener (its front door, `App.listener`), or a web
 * fetch such as the operations app's, to which @hono/node-server hands `{ incoming, outgoing }` as the env.
 */
type HttpHandler =
  | { listener: RequestListener; fetch?: never }
  | { fetch: (request: Request, env: HttpBindings) => Response | Promise<Response>; listener?: never }

export type HttpServerOptions = HttpHandler & {
  port: number
  hostname: string
  /** How long an idle keep-alive socket stays open; above the load balancer's idle timeout. */
  keepAliveTimeoutMs: number
  /** Deadline for a request's headers (slow-headers attacks); greater than keepAliveTimeoutMs. */
  headersTimeoutMs: number
  /** Deadline for a whole request, body included; 0 for none. */
  requestTimeoutMs: number
}

/**
 * Largest request head accepted (request line and headers): 64 KiB, where Node's default is 16 KiB.
 * Sibling subdomains are other customers: their scripts may set cookies for the parent domain, and
 * the browser sends those with every request here, so at 16 KiB another site could make every page
 * of this one answer 431. The cost is at most 48 KiB more buffered for a request's head.
 */
export const MAX_HEADER_BYTES = 64 * 1024

export interface HttpServer {
  server: Server
  port: number
}

/**
 * Starts the Node HTTP server for the app with explicit socket timeouts. Node's defaults (5 s
 * keep-alive) are shorter than a load balancer's idle timeout (60 s), which makes the balancer
 * reuse a socket the server is closing: the classic intermittent 502.
 */
export function startHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  return new Promise((resolve, reject) => {
    const listener = listenerOf(options)
    const server = createServer(
      {
        keepAliveTimeout: options.keepAliveTimeoutMs,
        headersTimeout: options.headersTimeoutMs,
        requestTimeout: options.requestTimeoutMs,
        maxHeaderSize: MAX_HEADER_BYTES,
        // Node checks the two deadlines above on this interval (default 30 s): keep it well below them.
        connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(options.headersTimeoutMs / 4))),
      },
      listener,
    )
    server.listen(options.port, options.hostname)
    server.once('error', reject)
    server.once('listening', () => {
      server.off('error', reject)
      resolve({ server, port: (server.address() as AddressInfo).port })
    })
  })
}

function listenerOf(handler: HttpHandler): RequestListener {
  if (handler.listener) return handler.listener
  const { fetch } = handler
  // Only the HTTP/1.1 server is created here, so the bindings are always Node's request and response.
  return getRequestListener((request, env) => fetch(request, env as HttpBindings))
}

/**
 * Stops a server that carries no visitors (the operations port): refuses new connections and cuts
 * the open ones, a scraper's idle keep-alive socket included, so the process can exit at once.
 */
export function closeHttpServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}
