import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One OTLP/HTTP export as posted: its content type and raw body. */
export interface OtlpPost {
  contentType: string
  body: Buffer
}

/** A span of an OTLP/JSON export (the fields the tests read). */
export interface JsonSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  /** OTLP's status: code 2 is an error. */
  status?: { code?: number; message?: string }
  attributes: Record<string, unknown>
  resource: Record<string, unknown>
}

export interface OtlpReceiver {
  /** The traces endpoint, e.g. http://127.0.0.1:40123/v1/traces. */
  url: string
  posts: OtlpPost[]
  /** Every span of the JSON exports received so far, attributes flattened. */
  jsonSpans(): JsonSpan[]
  /** Resolves once `ready` holds after a post (checked at once, then at each post). */
  until(ready: () => boolean, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

interface KeyValue {
  key: string
  value: Record<string, unknown>
}

/** An OTLP/HTTP receiver on 127.0.0.1: answers every export with 200 and keeps it. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const posts: OtlpPost[] = []
  const waiting = new Set<() => void>()
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      posts.push({ contentType: request.headers['content-type'] ?? '', body: Buffer.concat(chunks) })
      const json = (request.headers['content-type'] ?? '').includes('json')
      response.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' })
      response.end(json ? '{}' : '')
      for (const check of waiting) check()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  function jsonSpans(): JsonSpan[] {
    const spans: JsonSpan[] = []
    for (const post of posts) {
      if (!post.contentType.includes('json')) continue
      const parsed = JSON.parse(post.body.toString('utf8')) as {
        resourceSpans: { resource: { attributes: KeyValue[] }; scopeSpans: { spans: Omit<JsonSpan, 'resource'>[] }[] }[]
      }
      for (const { resource, scopeSpans } of parsed.resourceSpans)
        for (const { spans: each } of scopeSpans)
          for (const span of each)
            spans.push({
              ...span,
              attributes: flatten(span.attributes as unknown as KeyValue[]),
              resource: flatten(resource.attributes),
            })
    }
    return spans
  }

  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    posts,
    jsonSpans,
    until(ready, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(check)
          reject(new Error(`the OTLP receiver did not get what was awaited within ${timeoutMs} ms`))
        }, timeoutMs)
        const check = () => {
          if (!ready()) return
          clearTimeout(timer)
          waiting.delete(check)
          resolve()
        }
        waiting.add(check)
        check()
      })
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** OTLP/JSON attributes (`[{ key, value: { stringValue } }]`) as a plain object. */
function flatten(attributes: KeyValue[] | undefined): Record<string, unknown> {
  const flat: Record<string, unknown> = {}
  for (const { key, value } of attributes ?? []) {
    const [only] = Object.values(value)
    flat[key] = only
  }
  return flat
}
