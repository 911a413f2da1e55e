import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { Server as NetServer, type Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Logger } from 'pino'
import type { Readiness } from './readiness.ts'

export interface GracefulShutdownOptions {
  server: Server
  readiness: Readiness
  /** How long the instance keeps serving after readiness went 503, so the load balancer notices. */
  delayMs: number
  /** Counted from the signal: whatever is still open then is cut, and the shutdown reports `forced`. */
  timeoutMs: number
  log: Logger
  /** Waits out the delay; injectable so tests decide when the delay is over. */
  wait?: (ms: number) => Promise<unknown>
  /**
   * How long a socket without a request under way when the server stops listening may still take to
   * send one (answered with `Connection: close`) before it is closed. Default 1000 ms.
   */
  idleGraceMs?: number
}

type ShutdownResult = 'drained' | 'forced'

export interface GracefulShutdown {
  /** Runs the shutdown once; later calls answer the same promise. */
  shutdown(reason: string): Promise<ShutdownResult>
  /** Sockets open right now (for tests and diagnostics). */
  readonly openSockets: number
}

/**
 * Drains an HTTP server the way a load balancer expects, without resetting a connection a client
 * is about to use:
 * 1. readiness goes 503 at once, requests are still served for `delayMs`, each response from now
 *    on says `Connection: close` and ends its socket (a client opens a new one for its next request);
 * 2. the server stops accepting connections; a socket with a response under way ends after it, one
 *    without gets `idleGraceMs` to bring a request (answered, with `Connection: close`) and is
 *    closed if it stays silent; new connections are refused by the system;
 * 3. after `timeoutMs` the rest is cut.
 */
export function createGracefulShutdown(options: GracefulShutdownOptions): GracefulShutdown {
  const { server, readiness, log } = options
  const sockets = new Set<Socket>()
  /** Responses under way, per socket. */
  const busy = new Map<Socket, Set<ServerResponse>>()
  /** From the signal on: every response announces the close. */
  let draining = false
  /** From the end of the delay on: the server no longer listens. */
  let closing = false
  let running: Promise<ShutdownResult> | null = null

  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => {
      sockets.delete(socket)
      busy.delete(socket)
    })
  })
  // Ahead of the server's own handler: a response may be written within it (a cache hit), and must
  // already know then whether it closes the connection.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket
    let responses = busy.get(socket)
    if (responses === undefined) {
      responses = new Set()
      busy.set(socket, responses)
    }
    responses.add(res)
    // RFC 9112 §9.6: announce the close on the response itself, so the client does not reuse the socket.
    if (draining) res.shouldKeepAlive = false
    res.once('close', () => {
      responses.delete(res)
      if (responses.size > 0) return
      busy.delete(socket)
      // Its headers went out before the drain began: end the socket now that the response is complete.
      if (closing && !socket.destroyed) socket.end()
    })
  })

  async function run(reason: string): Promise<ShutdownResult> {
    const started = performance.now()
    readiness.startDraining()
    // Through the delay too: a socket the client would reuse later is one the drain would close
    // under it. Each response ends its socket instead, and the client opens a new one while the
    // server still listens.
    draining = true
    for (const responses of busy.values())
      for (const res of responses) if (!res.headersSent) res.shouldKeepAlive = false
    log.info({ reason, delayMs: options.delayMs }, 'draining: readiness is now 503')
    if (options.delayMs > 0) await (options.wait ?? sleep)(options.delayMs)

    closing = true
    // net.Server's close only stops listening. http.Server's would also destroy at once every socket
    // without a request under way, among them one whose request is arriving (a client that just
    // opened it, or reuses it after a response from before the drain): that client would see a reset.
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve())).then(() =>
      // The server reports closed as its count drops; wait for the sockets' own close events too.
      Promise.all(
        [...sockets].map(
          (socket) => new Promise((resolve) => (socket.destroyed ? resolve(null) : socket.once('close', resolve))),
        ),
      ),
    )
    // Instead each gets a moment to bring its request; those that stay silent are closed then.
    const idle = [...sockets].filter((socket) => !busy.has(socket))
    if (idle.length > 0) {
      setTimeout(() => {
        for (const socket of idle) if (!busy.has(socket)) socket.destroy()
      }, options.idleGraceMs ?? 1000).unref()
    }
    log.info({ inFlight: busy.size, open: sockets.size }, 'stopped accepting connections; finishing in-flight requests')

    const left = Math.max(0, options.timeoutMs - (performance.now() - started))
    const deadline = new AbortController()
    const forced = sleep(left, 'forced' as const, { signal: deadline.signal }).catch(() => 'drained' as const)
    const result = await Promise.race([closed.then(() => 'drained' as const), forced])
    deadline.abort()
    if (result === 'forced') {
      log.warn({ open: sockets.size }, 'shutdown timeout: closing the remaining connections')
      server.closeAllConnections()
    }
    return result
  }

  return {
    shutdown(reason) {
      running ??= run(reason)
      return running
    },
    get openSockets() {
      let open = 0
      for (const socket of sockets) if (!socket.destroyed) open += 1
      return open
    },
  }
}
