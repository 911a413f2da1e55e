// A loopback proxy in front of the demo API, for the benches and the soak: each says what becomes of
// a call (held back or answered with a fault, sent on as another tenant, its answer edited).
import http from 'node:http'

/**
 * Starts the proxy on a free loopback port. `before(request, response)` runs first and may answer
 * the call itself (resolving true) or hold it back; `tenant(host)` names the demo tenant a call made
 * for `host` (its `app-domain` header) is sent on as; `edit(host, pathname, body)` may change the
 * answer's body.
 */
export function startUpstreamProxy(target, { before, tenant, edit } = {}) {
  const server = http.createServer(async (request, response) => {
    const chunks = []
    for await (const chunk of request) chunks.push(chunk)
    if (before && (await before(request, response))) return
    const headers = { ...request.headers }
    delete headers['content-length']
    delete headers.connection
    const host = headers['app-domain']
    if (tenant && host !== undefined) headers['app-domain'] = tenant(host)
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
    try {
      const answer = await fetch(target + request.url, {
        method: request.method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
      })
      let body = Buffer.from(await answer.arrayBuffer())
      if (edit) body = edit(host ?? '', new URL(request.url, target).pathname, body)
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
        'content-length': body.byteLength,
      })
      response.end(body)
    } catch {
      request.socket.destroy()
    }
  })
  server.on('clientError', (_error, socket) => socket.destroy())
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        origin: `http://127.0.0.1:${server.address().port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections()
            server.close(() => done())
          }),
      })
    })
  })
}
