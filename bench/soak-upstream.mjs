// The soak's upstream: a loopback proxy in front of the demo API that maps many tenant hosts onto
// the three demo sites, leaves unknown ones unknown, and injects faults at fixed rates.
import http from 'node:http'

const DEMO_SITES = ['res.localhost', 'land.localhost', 'nav.localhost']
/** Fault rates per call (the rest is forwarded): the kinds a real upstream shows on a bad day. */
export const FAULTS = { http500: 0.01, http503: 0.005, http429: 0.005, slow: 0.005, invalidJson: 0.005, reset: 0.005 }

/** `s<N>.soak.test` is a known tenant (one of the demo sites), `u<N>.soak.test` an unknown one. */
export function startSoakUpstream(target) {
  const counts = { forwarded: 0, ...Object.fromEntries(Object.keys(FAULTS).map((kind) => [kind, 0])) }
  const server = http.createServer(async (request, response) => {
    const chunks = []
    for await (const chunk of request) chunks.push(chunk)
    const fault = pickFault()
    if (fault) counts[fault] += 1
    if (fault === 'reset') return request.socket.destroy()
    if (fault === 'http500' || fault === 'http503' || fault === 'http429') {
      response.writeHead(Number(fault.slice(4)), { 'content-type': 'text/html' })
      return response.end('<html>upstream trouble</html>')
    }
    if (fault === 'invalidJson') {
      response.writeHead(200, { 'content-type': 'application/json' })
      return response.end('{"status":0,"data":')
    }
    if (fault === 'slow') await new Promise((resolve) => setTimeout(resolve, 300))
    counts.forwarded += 1
    const headers = { ...request.headers }
    delete headers['content-length']
    delete headers.connection
    const known = /^s(\d+)\.soak\.test$/.exec(headers['app-domain'] ?? '')
    if (known) headers['app-domain'] = DEMO_SITES[Number(known[1]) % DEMO_SITES.length]
    try {
      const answer = await fetch(target + request.url, { method: request.method, headers, body: Buffer.concat(chunks) })
      const body = Buffer.from(await answer.arrayBuffer())
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
        close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()) }),
      })
    })
  })
}

function pickFault() {
  let dice = Math.random()
  for (const [kind, rate] of Object.entries(FAULTS)) {
    if (dice < rate) return kind
    dice -= rate
  }
  return null
}
