// `npm run bench`: the app's throughput as ratios of baselines measured in the same run.
// Loopback only; every phase is bounded in time.
import { spawn } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { rawStringServer, renderToStringServer } from './baselines.mjs'
import { measure } from './load.mjs'

process.env.NODE_ENV = 'production'
const seconds = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.split('=')[1] ?? 5)
const results = {}

for (const [name, start] of [['raw string', rawStringServer], ['bare renderToString (60 cards)', renderToStringServer]]) {
  const server = await start()
  results[name] = await measure(server.origin, '/', { seconds })
  await server.close()
}

const port = 3900 + Math.floor(Math.random() * 90)
const app = spawn(process.execPath, ['dist/server/index.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  stdio: ['ignore', 'inherit', 'inherit'],
})
try {
  const origin = `http://127.0.0.1:${port}`
  for (let i = 0; i < 50; i += 1) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break
    } catch {}
    await sleep(100)
  }
  const pages = {
    'app: search, 60 results': '/s?query=a',
    'app: hot list': '/res/hot',
  }
  for (const [name, path] of Object.entries(pages)) {
    results[name] = await measure(origin, path, { host: 'res.localhost', seconds })
  }
} finally {
  app.kill('SIGTERM')
}

const base = results['bare renderToString (60 cards)'].rps
const raw = results['raw string'].rps
console.log('\nrequests/s (16 connections, loopback, 2 cores shared with the load generator)')
for (const [name, { rps, failures }] of Object.entries(results)) {
  console.log(`${name.padEnd(34)} ${rps.toFixed(0).padStart(7)}  ×${(rps / base).toFixed(2)} of renderToString  ×${(rps / raw).toFixed(2)} of raw${failures ? `  (${failures} failures)` : ''}`)
}
