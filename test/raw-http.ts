import net from 'node:net'

export interface RawResponse {
  status: number
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>
  body: Buffer
}

export interface RawConnection {
  /** Writes bytes as they are (for hostile request lines and headers). */
  write(data: string | Buffer): void
  /** Sends a GET (keep-alive) and resolves with the next complete response. */
  get(path: string, headers?: Record<string, string>): Promise<RawResponse>
  /** Resolves with the next complete response on this connection. */
  next(): Promise<RawResponse>
  /** What happened to the socket: 'end' (FIN from the server), 'close', or 'error:CODE'. */
  events: string[]
  /** Resolves once the socket is closed. */
  closed: Promise<void>
  destroy(): void
}

/**
 * A bare HTTP/1.1 client on one TCP connection: exact bytes out, responses parsed in order, and a
 * record of how the connection ended (a reset shows up as `error:ECONNRESET`).
 */
export function rawConnection(port: number, host = '127.0.0.1'): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host)
    let buffer = Buffer.alloc(0)
    const waiting: { resolve: (response: RawResponse) => void; reject: (error: Error) => void }[] = []
    const events: string[] = []
    let closedResolve!: () => void
    const closed = new Promise<void>((done) => (closedResolve = done))
    const failAll = (why: string) => {
      for (const waiter of waiting.splice(0)) waiter.reject(new Error(`connection ${why} before a complete response`))
    }
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      for (;;) {
        const parsed = parseResponse(buffer)
        if (parsed === null) break
        buffer = buffer.subarray(parsed.consumed)
        waiting.shift()?.resolve(parsed.response)
      }
    })
    socket.on('end', () => {
      events.push('end')
      failAll('ended')
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      events.push(`error:${error.code ?? error.message}`)
      failAll(`failed (${error.code})`)
    })
    socket.on('close', () => {
      events.push('close')
      failAll('closed')
      closedResolve()
    })
    socket.once('connect', () => {
      socket.off('error', reject)
      const next = () => new Promise<RawResponse>((res, rej) => waiting.push({ resolve: res, reject: rej }))
      resolve({
        write: (data) => void socket.write(data),
        next,
        get(path, headers = {}) {
          const all = { host: 'res.localhost', ...headers }
          const lines = Object.entries(all)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('')
          const response = next()
          socket.write(`GET ${path} HTTP/1.1\r\n${lines}\r\n`)
          return response
        },
        events,
        closed,
        destroy: () => socket.destroy(),
      })
    })
    socket.once('error', reject)
  })
}

/** One complete response at the start of `buffer` (Content-Length or chunked body), or null for more bytes. */
export function parseResponse(buffer: Buffer): { response: RawResponse; consumed: number } | null {
  const headEnd = buffer.indexOf('\r\n\r\n')
  if (headEnd === -1) return null
  const [statusLine, ...lines] = buffer.subarray(0, headEnd).toString('latin1').split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0)
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
  }
  let offset = headEnd + 4
  if (headers['transfer-encoding']?.includes('chunked')) {
    const parts: Buffer[] = []
    for (;;) {
      const lineEnd = buffer.indexOf('\r\n', offset)
      if (lineEnd === -1) return null
      const size = parseInt(buffer.subarray(offset, lineEnd).toString('latin1'), 16)
      if (buffer.length < lineEnd + 2 + size + 2) return null
      parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size))
      offset = lineEnd + 2 + size + 2
      if (size === 0) return { response: { status, headers, body: Buffer.concat(parts) }, consumed: offset }
    }
  }
  const length = Number(headers['content-length'] ?? 0)
  if (buffer.length < offset + length) return null
  return { response: { status, headers, body: buffer.subarray(offset, offset + length) }, consumed: offset + length }
}
