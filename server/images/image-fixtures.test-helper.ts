import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'

export interface LoopbackServer {
  url: string
  port: number
  /** Requests per path so far. */
  hits: Map<string, number>
  /** TCP connections accepted so far (a canary must stay at 0). */
  connections: () => number
  close(): Promise<void>
}

export type RawHandler = (request: IncomingMessage, response: ServerResponse) => void

/** A plain node:http server on 127.0.0.1 (raw control over bodies, for caps and aborts). */
export async function startLoopbackServer(
  routes: Record<string, RawHandler>,
  fallback?: RawHandler,
): Promise<LoopbackServer> {
  const hits = new Map<string, number>()
  const sockets = new Set<Socket>()
  let connections = 0
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const route = routes[path]
    if (route) route(request, response)
    else if (fallback) fallback(request, response)
    else response.writeHead(404).end('not found')
  })
  server.on('connection', (socket) => {
    connections += 1
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** Answers a fixed body with a content type. */
export function serve(body: Buffer | string, contentType: string): RawHandler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) })
    response.end(body)
  }
}

/** A noisy (so it does not compress to nothing) opaque test image. */
export async function photo(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const channels = 3
  const raw = Buffer.alloc(width * height * channels)
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7919 + (i % width) * 31) & 0xff
  const image = sharp(raw, { raw: { width, height, channels } })
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer()
}

/** A PNG with transparency. */
export function transparentPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer()
}

/**
 * A valid 1-bit greyscale PNG of width×height pixels that is tiny on the wire: 20000×20000 is
 * 400 million pixels in about 50 KB (a decompression bomb).
 */
export function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.writeUInt8(1, 8) // bit depth
  header.writeUInt8(0, 9) // greyscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * An upstream handler for startTestSite that swaps every picture of the demo API (inline
 * `data:image/…` or a file it serves itself) for an http URL on `imageBase` (`/pictures/<n>.png`),
 * so pages show remote raster images whatever the demo uses.
 */
export function withRemotePictures(imageBase: string) {
  // Named after the original, so one picture keeps its address across responses and two differ.
  return withPictures((_n, original) => `${imageBase}/pictures/${numberOf(original)}.png`)
}

function numberOf(text: string): number {
  let hash = 2166136261
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0
  return hash
}

/** Like {@link withRemotePictures}, with the n-th picture's replacement given by `toUrl`. */
export function withPictures(toUrl: (n: number, original: string) => string) {
  return async (request: Request, demo: (request: Request) => Promise<Response>): Promise<Response> => {
    const response = await demo(request)
    if (!(response.headers.get('content-type') ?? '').includes('json')) return response
    const ownFile = new RegExp(
      `^${new URL(request.url).origin.replace(/[.]/g, '\\.')}/\\S+\\.(png|jpe?g|gif|webp|avif|svg)(\\?\\S*)?$`,
      'i',
    )
    let count = 0
    const isPicture = (text: string) => text.startsWith('data:image/') || ownFile.test(text)
    const swap = (value: unknown): unknown => {
      if (typeof value === 'string') {
        if (!isPicture(value)) return value
        count += 1
        return toUrl(count, value)
      }
      if (Array.isArray(value)) return value.map(swap)
      if (value !== null && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, swap(item)]))
      return value
    }
    const headers = new Headers(response.headers)
    headers.delete('content-length')
    return new Response(JSON.stringify(swap(await response.json())), { status: response.status, headers })
  }
}

/** Serves `/pictures/<n>.png`: one generated photo of width×height for every n. */
export async function startPictureServer(width = 1200, height = 675): Promise<LoopbackServer> {
  const picture = await photo(width, height)
  return startLoopbackServer({}, (request, response) => {
    if (/^\/pictures\/\d+\.png$/.test(new URL(request.url ?? '/', 'http://x').pathname))
      serve(picture, 'image/png')(request, response)
    else response.writeHead(404).end('not found')
  })
}
