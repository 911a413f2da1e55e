import { PAGES, headersOf } from './pages.mjs'
import { runLoad, startApp, startDemoApi, rssMiB, cpuMs } from './processes.mjs'
const variants = JSON.parse(process.argv[2])
const demo = await startDemoApi()
const apps = []
for (const v of variants) { const env = { HTML_CACHE_TTL_MS: '0', API_BASE_URL: demo.origin, MALLOC_MMAP_THRESHOLD_: undefined, MALLOC_TRIM_THRESHOLD_: undefined, ...v.env }; apps.push({ name: v.name, app: await startApp(env) }) }
for (const page of PAGES.filter((p) => !process.env.ONLY || p.name.includes(process.env.ONLY))) for (const { name, app } of apps) {
  const c0 = cpuMs(app.pid)
  const r = await runLoad(app.origin, page.path, { headers: headersOf(page), connections: 32, seconds: 5 })
  const cpu = (cpuMs(app.pid) - c0) / r.requests
  console.log(page.name.slice(0, 12).padEnd(12), name.padEnd(14), String(Math.round(r.rps)).padStart(5), 'cpu', cpu.toFixed(2), 'rss', rssMiB(app.pid).toFixed(0))
}
for (const { app } of apps) await app.stop()
await demo.stop(); process.exit(0)
