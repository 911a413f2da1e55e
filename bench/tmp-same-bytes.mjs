import http from 'node:http'
import { Hono } from 'hono'
import { serve } from '@hono/node-server'
import { request } from 'undici'
import { PAGES, headersOf } from '/work/main/bench/pages.mjs'
import { runLoad, startApp, startDemoApi } from '/work/main/bench/processes.mjs'
const page = PAGES.find((p) => p.name.includes(process.argv[2] ?? 'post'))
const demo = await startDemoApi()
const app = await startApp({ API_BASE_URL: demo.origin })
const headers = { ...headersOf(page), 'accept-encoding': 'gzip' }
await (await fetch(app.origin + page.path, { headers })).text()
await new Promise((r) => setTimeout(r, 300))
const answer = await request(app.origin + page.path, { headers })
const body = Buffer.from(await answer.body.arrayBuffer())
const hdrs = { ...answer.headers }; delete hdrs.date; delete hdrs.connection; delete hdrs['keep-alive']
console.log('body', body.length, 'headers', Object.keys(hdrs).length, JSON.stringify(hdrs).length)
const server = http.createServer((q, res) => { res.writeHead(200, hdrs); res.end(body) })
server.keepAliveTimeout = 60000
await new Promise((r) => server.listen(0, '127.0.0.1', r))
const rawOrigin = `http://127.0.0.1:${server.address().port}`
const hono = new Hono(); hono.get('*', (c) => new Response(body, { status: 200, headers: { ...hdrs } }))
const honoServer = await new Promise((r) => { const s = serve({ fetch: hono.fetch, port: 0, hostname: '127.0.0.1' }, () => r(s)) })
const honoOrigin = `http://127.0.0.1:${honoServer.address().port}`
for (let i = 0; i < 2; i++) {
  const d = await runLoad(honoOrigin, page.path, { headers, connections: 32, seconds: 4 })
  console.log('hono same bytes', Math.round(d.rps), 'p99', d.p99.toFixed(1))
  const a = await runLoad(rawOrigin, page.path, { headers, connections: 32, seconds: 4 })
  const b = await runLoad(app.origin, page.path, { headers, connections: 32, seconds: 4 })
  console.log('raw same bytes', Math.round(a.rps), 'p99', a.p99.toFixed(1), '| app cached', Math.round(b.rps), 'p99', b.p99.toFixed(1))
}
server.closeAllConnections(); server.close(); await app.stop(); await demo.stop()
