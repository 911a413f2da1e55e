// `npm run bench`: the app's throughput as ratios of reference servers measured in the same run
// on the same page: its finished HTML as a constant string, and a bare renderToString of its React
// tree from canned data. Loopback only; every phase is bounded in time.
import { spawn } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import path from 'node:path'
import * as esbuild from 'esbuild'
import { measure } from './load.mjs'

const root = path.resolve(import.meta.dirname, '..')
const seconds = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.split('=')[1] ?? 5)
const HOST = 'res.localhost'
const PAGES = [
  { name: 'search, 60 results', path: '/s?query=a', routerPath: '/s?query=a' },
  { name: 'hot list, 30 cards', path: '/res/hot', routerPath: '/res/hot' },
]

const reference = path.join(root, 'dist', 'bench', 'same-markup.js')
await esbuild.build({ entryPoints: [path.join(root, 'bench', 'same-markup.tsx')], outfile: reference, bundle: true, platform: 'node', format: 'esm', packages: 'external', jsx: 'automatic', logLevel: 'warning' })
const { startRawStringServer, startRenderToStringServer } = await import(reference)

const port = 3900 + Math.floor(Math.random() * 90)
const app = spawn(process.execPath, ['dist/server/index.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', DEMO_API: '1' },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const origin = `http://127.0.0.1:${port}`
const rows = []
try {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break
    } catch {}
    await sleep(100)
  }
  for (const page of PAGES) {
    const headers = { host: HOST, cookie: 'lang=zh' }
    const html = await (await fetch(origin + page.path, { headers })).text()
    const payloadPath = `${page.path.split('?')[0].replace(/\/$/, '')}/_payload.json${page.path.includes('?') ? `?${page.path.split('?')[1]}` : ''}`
    const payload = await (await fetch(origin + payloadPath, { headers })).json()
    const raw = await startRawStringServer(html)
    const bare = await startRenderToStringServer(payload, `http://${HOST}${page.routerPath}`, 'zh')
    const rawRps = (await measure(raw.origin, '/', { seconds })).rps
    const bareRps = (await measure(bare.origin, '/', { seconds })).rps
    const appResult = await measure(origin, page.path, { host: HOST, seconds, headers })
    await raw.close()
    await bare.close()
    rows.push({ page: page.name, kb: (Buffer.byteLength(html) / 1024).toFixed(0), rawRps, bareRps, appRps: appResult.rps, failures: appResult.failures })
  }
} finally {
  app.kill('SIGTERM')
}

console.log('\nrequests/s, 16 keep-alive connections on loopback (the load generator shares the 2 cores)')
for (const row of rows) {
  console.log(`${row.page} (${row.kb} KiB): raw string ${row.rawRps.toFixed(0)}, bare renderToString ${row.bareRps.toFixed(0)}, app ${row.appRps.toFixed(0)}` +
    ` → app = ×${(row.appRps / row.bareRps).toFixed(2)} of renderToString, ×${(row.appRps / row.rawRps).toFixed(2)} of raw${row.failures ? ` (${row.failures} failures)` : ''}`)
}
