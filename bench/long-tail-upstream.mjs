// The long-tail bench's upstream: a loopback proxy in front of the demo API that serves many tenants
// (`t<N>.lt.test`, each a copy of the demo's res site) and can edit one tenant's resource list, so
// the bench sees when an edit reaches a page. No faults: the bench measures caching, not resilience.
import http from 'node:http'

const SITE = 'res.localhost'
/** The data answer the res site's `/res/hot` page is built from. */
const EDITED_PATH = '/v1/resource/list'

/** Starts the proxy; `edit(host, marker)` puts `marker` in that tenant's resource titles from then on. */
export function startLongTailUpstream(target) {
  const edits = new Map()
  const counts = { calls: 0 }
  const server = http.createServer(async (request, response) => {
    const chunks = []
    for await (const chunk of request) chunks.push(chunk)
    counts.calls += 1
    const headers = { ...request.headers }
    delete headers['content-length']
    delete headers.connection
    const tenant = headers['app-domain'] ?? ''
    if (/^t\d+\.lt\.test$/.test(tenant)) headers['app-domain'] = SITE
    try {
      const answer = await fetch(target + request.url, { method: request.method, headers, body: request.method === 'GET' ? undefined : Buffer.concat(chunks) })
      let body = Buffer.from(await answer.arrayBuffer())
      const marker = edits.get(tenant)
      if (marker !== undefined && new URL(request.url, target).pathname === EDITED_PATH) {
        body = Buffer.from(body.toString('utf8').replaceAll('"title":"', `"title":"${marker} `))
      }
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json', 'content-length': body.byteLength })
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
        counts,
        edit: (host, marker) => edits.set(host, marker),
        close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()) }),
      })
    })
  })
}
