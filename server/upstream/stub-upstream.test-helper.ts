import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as the stub saw it. */
export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

type StubHandler = (request: RecordedRequest, res: ServerResponse, req: IncomingMessage) => void

export interface StubUpstream {
  /** `http://127.0.0.1:<port>` */
  url: string
  requests: RecordedRequest[]
  /** Replaces the handler for the following requests. */
  handle(handler: StubHandler): void
  close(): Promise<void>
}

/**
 * A real HTTP server on 127.0.0.1 standing in for the upstream API in tests.
 * The default handler answers every call with `{ status: 0, info: 'ok', data: null }`.
 */
export async function createStubUpstream(): Promise<StubUpstream> {
  const requests: RecordedRequest[] = []
  let handler: StubHandler = (_request, res) => sendJson(res, { status: 0, info: 'ok', data: null })
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(recorded)
      handler(recorded, res, req)
    })
  })
  // The client destroying a socket mid-reply is expected in these tests, not a failure.
  server.on('clientError', (_error, socket) => socket.destroy())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next
    },
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    },
  }
}

/** Writes a JSON reply. */
export function sendJson(res: ServerResponse, body: unknown, status = 200): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

/** Writes an `{ status, info, data }` envelope with HTTP 200. */
export function sendEnvelope(
  res: ServerResponse,
  data: unknown,
  status = 0,
  info = status === 0 ? 'ok' : 'error',
): void {
  sendJson(res, { status, info, data })
}
