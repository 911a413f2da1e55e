// A loopback proxy in front of the demo API that holds back chosen API paths, so the benchmark can
// time the shell of a page whose slow data streams in later.
import http from 'node:http'
import { request } from 'undici'

export function startSlowUpstream(target, { slowPaths, delayMs }) {
  const server = http.createServer(async (request, response) => {
    const chunks = []
    for await (const chunk of request) chunks.push(chunk)
    if (slowPaths.includes(request.url)) await new Promise((resolve) => setTimeout(resolve, delayMs))
    const headers = { ...request.headers }
    delete headers['content-length']
    delete headers.connection
    const answer = await fetch(target + request.url, { method: request.method, headers, body: Buffer.concat(chunks) })
    const body = Buffer.from(await answer.arrayBuffer())
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json', 'content-length': body.byteLength })
    response.end(body)
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()) }) })
    })
  })
}

/** Milliseconds to the first response byte, and whether that first read already holds the shell. */
export async function shellTiming(origin, urlPath, headers) {
  const started = performance.now()
  const { body } = await request(origin + urlPath, { method: 'GET', headers })
  let ttfb = 0
  let text = ''
  let rest = 0
  for await (const chunk of body) {
    if (text === '') {
      ttfb = performance.now() - started
      text = chunk.toString('utf8')
    } else rest += chunk.byteLength
  }
  return { ttfb, total: performance.now() - started, firstChunkHasShell: /<div id="root">[\s\S]*<main/.test(text), streamed: rest > 0 }
}
