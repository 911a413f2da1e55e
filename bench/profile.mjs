// `npm run profile -- --only=<page name part> [--seconds=N] [--cached | --miss] [--new-tenants] [--no-profile]`:
// loads one bench page against a server started with `node --cpu-prof`, prints its CPU time per
// request, and leaves the profile in dist/bench/profiles/ (open it in Chrome's DevTools, Performance
// panel). The HTML cache is off unless asked: `--cached` answers hits, `--miss` keeps it on and makes
// every request a key nobody asked for before, `--new-tenants` makes every request a tenant never
// seen (the demo API's tenant copies) with the cache off: what a miss is measured against. A Host's
// port no longer makes a new key (cache-keys.ts), so a miss is a never-seen tenant too.
// `--no-profile` measures without the profiler's own cost.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { PAGES, headersOf } from './pages.mjs'
import { cpuMs, runLoad, startApp, startDemoApi } from './processes.mjs'
import { serverRuntimeEnv } from './runtime-env.mjs'

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback
const flag = (name) => process.argv.includes(`--${name}`)
const page = PAGES.find((candidate) => candidate.name.includes(arg('only', 'post')))
if (!page) throw new Error(`no bench page matches --only=${arg('only', '')}`)
const dir = path.resolve(import.meta.dirname, '..', 'dist', 'bench', 'profiles')
await mkdir(dir, { recursive: true })
const [cached, miss, profiled] = [flag('cached'), flag('miss'), !flag('no-profile')]
const newTenants = miss || flag('new-tenants')
const mode = [cached ? 'cached' : miss ? 'miss, cache on' : 'cache off', ...(newTenants ? ['new tenants'] : [])].join(
  ', ',
)
// Fresh keys start at a random point, so two runs against one server never meet.
const from = 1 + Math.floor(Math.random() * 50_000)
const freshHost = newTenants ? { template: `t{n}.${page.host}`, from: from * 1000 } : undefined
const upstream = await startDemoApi({ tenantCopies: newTenants })
const app = await startApp({
  API_BASE_URL: upstream.origin,
  HTML_CACHE_TTL_MS: cached || miss ? '10000' : '0',
  SHUTDOWN_DELAY_MS: '0',
  ...(profiled ? { NODE_OPTIONS: `${serverRuntimeEnv().NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${dir}` } : {}),
})
try {
  const cpuBefore = cpuMs(app.pid)
  const result = await runLoad(app.origin, page.path, {
    headers: headersOf(page),
    connections: 8,
    seconds: Number(arg('seconds', 10)),
    ...(freshHost ? { freshHost } : {}),
  })
  const cpu = cpuMs(app.pid) - cpuBefore
  console.log(
    `${page.name} (${mode}): ${Math.round(result.rps)} req/s over ${result.requests} requests, ${(cpu / Math.max(1, result.sent)).toFixed(2)} CPU ms per request, ${result.failures} failed`,
  )
} finally {
  // The profile is written when the server exits.
  await app.stop()
  await upstream.stop()
}
if (profiled) console.log(`profile: ${dir}`)
