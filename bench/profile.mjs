// `npm run profile -- --only=<page name part> [--seconds=N] [--cached]`: loads one bench page (HTML
// cache off unless --cached) against a server started with `node --cpu-prof`, and leaves the
// profile in dist/bench/profiles/ (open it in Chrome's DevTools, Performance panel).
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { PAGES, headersOf } from './pages.mjs'
import { runLoad, startApp, startDemoApi } from './processes.mjs'
import { serverRuntimeEnv } from './runtime-env.mjs'

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback
const page = PAGES.find((candidate) => candidate.name.includes(arg('only', 'post')))
if (!page) throw new Error(`no bench page matches --only=${arg('only', '')}`)
const dir = path.resolve(import.meta.dirname, '..', 'dist', 'bench', 'profiles')
await mkdir(dir, { recursive: true })
const cached = process.argv.includes('--cached')
const upstream = await startDemoApi()
const app = await startApp({ API_BASE_URL: upstream.origin, HTML_CACHE_TTL_MS: cached ? '10000' : '0', SHUTDOWN_DELAY_MS: '0', NODE_OPTIONS: `${serverRuntimeEnv().NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${dir}` })
try {
  const result = await runLoad(app.origin, page.path, { headers: headersOf(page), connections: 8, seconds: Number(arg('seconds', 10)) })
  console.log(`${page.name} (${cached ? 'cached' : 'uncached'}): ${Math.round(result.rps)} req/s over ${result.requests} requests`)
} finally {
  // The profile is written when the server exits.
  await app.stop()
  await upstream.stop()
}
console.log(`profile: ${dir}`)
