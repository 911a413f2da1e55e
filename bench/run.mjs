// `npm run bench`: the app's throughput, latency, CPU and memory per page, uncached and cached, as
// ratios of references measured in the same run on the same machine: (a) the same response bytes
// from a bare node:http server, (b) a bare renderToString of the same React tree from the same
// data, (c) the same tree through renderToPipeableStream, the renderer the app streams with, (d) the
// bytes of (a) from a bare Hono app on @hono/node-server, the framework the app runs on. Also the shell's time to first byte when slow data takes 200 ms and 1.2 s (bench/shell.mjs), and first-load JS
// and CSS per page, hydration data and payload bytes per page, and first-load JS per page kind of the demo sites. Loopback only; every phase is bounded in time. Writes dist/bench/results.json.
// Cache hits against the wire (bench/hits.mjs): wrk against a bare node:http server sending the same
// bytes, access log on and off. `--hits-only` runs that table alone; `--before=<checkout>` adds
// another built checkout's app to it, alternating; `--varnish` adds Varnish with the shipped VCL.
// The page table's own load (bench/load.mjs) walks a new Host per request, which wrk cannot send
// without a script: it keeps the Node load generator.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import * as esbuild from 'esbuild'
import { DEMO_PAGES, demoVisitorCookie } from '../test/demo-pages.ts'
import { FIRST_LOAD_BUDGET_KIB, firstLoadByPageKind, firstLoadBytes, readClientBuild } from './first-load.mjs'
import { hydrationDataBytes, hydrationDataOf, printHydrationTable } from './hydration-data.mjs'
import { get } from './http-get.mjs'
import { medianBy } from './median.mjs'
import { BROWSER_UA, headersOf, PAGES as ALL_PAGES } from './pages.mjs'
import { cpuMs, rssMiB, runLoad, startApp, startDemoApi } from './processes.mjs'
import { measureShell, printShell } from './shell.mjs'
import { measureHits, printHits } from './hits.mjs'

const root = path.resolve(import.meta.dirname, '..')
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback
const seconds = Number(arg('seconds', 5))
const connections = Number(arg('connections', 32))
// The cases a miss is compared with run this many times, alternating with it (see alternated).
const rounds = Math.max(1, Number(arg('rounds', 3)))
const only = arg('only', '')
// `--shell-only` (after `node build.mjs`) skips the page table and times only the shell below.
const shellOnly = process.argv.includes('--shell-only')
const hitsOnly = process.argv.includes('--hits-only')
const hitOptions = {
  rounds,
  seconds: Number(arg('hit-seconds', 3)),
  connections: 16,
  before: arg('before', undefined),
  varnish: process.argv.includes('--varnish'),
}
const shellRuns = Number(arg('shell-runs', 20))
const shellWarmUp = Number(arg('shell-warm-up', 50))
// The miss ratio's CPU per request is counted over this many requests a side (see bench/shell.mjs).
const shellCpuRuns = Number(arg('shell-cpu-runs', 240))

const PAGES = ALL_PAGES.filter((page) => !only || page.name.includes(only))
const clientBuild = readClientBuild(path.join(root, 'dist', 'client'))
// How many never-seen Host names the page table has used so far (see freshTenants).
let tenantsWalked = 0

if (hitsOnly) {
  const hits = await measureHits(hitOptions)
  printHits(hits, hitOptions)
  const file = path.join(root, 'dist', 'bench', 'hits.json')
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, JSON.stringify({ when: new Date().toISOString(), ...hitOptions, ...hits }, null, 2))
  process.exit(0)
}

const hits = shellOnly ? null : await measureHits(hitOptions)
const rows = shellOnly ? [] : await measurePages()
const kinds = shellOnly ? [] : await measureFirstLoadPerKind()

const shellSummary = await measureShell({ runs: shellRuns, warmUp: shellWarmUp, cpuRuns: shellCpuRuns })

const results = {
  when: new Date().toISOString(),
  connections,
  seconds,
  rounds,
  rows,
  hits,
  firstLoadPerKind: kinds,
  shell: shellSummary,
}
// A shell-only run keeps the last full results.
const resultsFile = path.join(root, 'dist', 'bench', shellOnly ? 'shell.json' : 'results.json')
await mkdir(path.dirname(resultsFile), { recursive: true })
await writeFile(resultsFile, JSON.stringify(shellOnly ? { when: results.when, shell: shellSummary } : results, null, 2))

// A case that completed no request in its window has no latency: print a dash, not a crash.
const f0 = (n) => (Number.isFinite(n) ? n.toFixed(0) : '–')
const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : '–')
const kib = (n) => f1(n / 1024)
if (!shellOnly) printHits(hits, hitOptions)
if (!shellOnly) printTable(rows)
if (!shellOnly) printKinds(kinds)
if (!shellOnly) printHydrationTable(rows)
printShell(shellSummary, shellWarmUp)
console.log(`results: ${path.relative(root, resultsFile)}`)

/** The page table as Markdown. */
function printTable(rows) {
  console.log(
    `\n${connections} keep-alive connections on loopback, ${seconds} s per case, load generator in its own process`,
  )
  console.log(
    '| page | HTML KiB | (a) raw req/s | (b) renderToString req/s | (c) pipeable req/s | uncached req/s | ×(b) | ×(c) | p50/p99 ms | CPU ms/req | (d) Hono req/s | cached req/s | ×(a) | ×(d) | p50/p99 ms | RSS MiB | first-load JS KiB gz (files) | of it framework | CSS KiB gz |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${kib(r.htmlBytes)} | ${f0(r.raw.rps)} | ${f0(r.renderToString.rps)} | ${f0(r.pipeableStream.rps)} | ${f0(r.uncached.rps)} | ×${(r.uncached.rps / r.renderToString.rps).toFixed(2)} | ×${(r.uncached.rps / r.pipeableStream.rps).toFixed(2)} | ${f1(r.uncached.p50)}/${f1(r.uncached.p99)} | ${r.uncached.cpuMsPerRequest.toFixed(2)} | ${f0(r.hono.rps)} | ${f0(r.cached.rps)} | ×${(r.cached.rps / r.raw.rps).toFixed(2)} | ×${(r.cached.rps / r.hono.rps).toFixed(2)} | ${f1(r.cached.p50)}/${f1(r.cached.p99)} | ${f0(r.cached.rssMiB)} | ${kib(r.firstLoad.js.gzip)} (${r.firstLoad.js.files}) | ${kib(r.firstLoad.js.framework)} | ${kib(r.firstLoad.css.gzip)} |`,
    )
    const failures = r.uncached.failures + r.cached.failures
    if (failures > 0) console.log(`  ${r.page}: ${failures} failed requests`)
  }
  console.log(
    `\nMisses: every request a key nobody asked for before (a new tenant of the demo API's copies), CPU ms per request of the app process; new tenant ×known: the cache-off render of a never-seen tenant against the known tenant's page; miss ×off: the HTML cache on against the same kind of requests with it off. The known page with the cache off, new tenants with the cache off and the misses: each the median of ${rounds} runs alternated with the others (--rounds=N)`,
  )
  console.log(
    '| page | (c) pipeable req/s | cache off req/s | ×(c) | CPU ms/req | new tenant, cache off CPU ms/req | ×known | miss, cache on req/s | CPU ms/req | ×off |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  for (const r of rows) {
    const cpu = (c) => c.cpuMsPerRequest.toFixed(2)
    const times = (a, b) => `×${(a.cpuMsPerRequest / b.cpuMsPerRequest).toFixed(2)}`
    console.log(
      `| ${r.page} | ${f0(r.pipeableStream.rps)} | ${f0(r.uncached.rps)} | ×${(r.uncached.rps / r.pipeableStream.rps).toFixed(2)} | ${cpu(r.uncached)} | ${cpu(r.newTenant)} | ${times(r.newTenant, r.uncached)} | ${f0(r.miss.rps)} | ${cpu(r.miss)} | ${times(r.miss, r.newTenant)} |`,
    )
    const failures = r.miss.failures + r.newTenant.failures
    if (failures > 0) console.log(`  ${r.page}: ${failures} failed requests among the misses`)
  }
}

/** First-load JS per page kind, each by its heaviest demo page, against the budget. */
function printKinds(kinds) {
  console.log(
    `\nFirst-load JS per page kind (every demo page; a kind by its heaviest page), gzip -9 per file as served; budget ${FIRST_LOAD_BUDGET_KIB} KiB. Framework: react, react-dom, scheduler, react-router, i18next, estimated by their share of each file's bytes`,
  )
  console.log('| page kind | heaviest page | JS KiB gz (files) | framework KiB gz | ours KiB gz | within budget |')
  console.log('|---|---|---|---|---|---|')
  for (const { kind, page, js } of kinds) {
    console.log(
      `| ${kind} | ${page} | ${kib(js.gzip)} (${js.files}) | ${kib(js.framework)} | ${kib(js.gzip - js.framework)} | ${js.gzip <= FIRST_LOAD_BUDGET_KIB * 1024 ? 'yes' : 'no'} |`,
    )
  }
}

/** First-load JS of every demo page kind, from the built server with its embedded demo API. */
async function measureFirstLoadPerKind() {
  const app = await startApp()
  try {
    const pages = DEMO_PAGES.map(([host, urlPath]) => ({
      host,
      path: urlPath,
      cookie: demoVisitorCookie(host, urlPath),
    }))
    return await firstLoadByPageKind(app.origin, pages, clientBuild)
  } finally {
    await app.stop()
  }
}

/** The page table: every page against its references, uncached and cached. */
async function measurePages() {
  const references = await loadReferences()
  const rows = []
  // The upstream runs in a process of its own, as in production: its data and its work are not the app's.
  const upstream = await startDemoApi({ tenantCopies: true })
  const apps = {
    uncached: await startApp({ API_BASE_URL: upstream.origin, HTML_CACHE_TTL_MS: '0' }),
    cached: await startApp({ API_BASE_URL: upstream.origin }),
  }
  try {
    await warmUp(apps)
    for (const page of PAGES) rows.push(await measurePage(page, apps, references))
  } finally {
    await Promise.all([apps.uncached.stop(), apps.cached.stop()])
    await upstream.stop()
  }
  return rows
}

/** The reference servers (bench/same-markup.tsx), bundled for Node as the app is. */
async function loadReferences() {
  const reference = path.join(root, 'dist', 'bench', 'same-markup.js')
  await esbuild.build({
    entryPoints: [path.join(root, 'bench', 'same-markup.tsx')],
    outfile: reference,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    jsx: 'automatic',
    logLevel: 'warning',
  })
  return await import(reference)
}

/**
 * Both servers render every page first: otherwise the first page measured carries the warm-up of
 * the render path in its miss case alone (until then the cached server has answered hits only,
 * which render nothing), and its misses came out half as dear again as the other pages'.
 */
async function warmUp({ uncached, cached }) {
  for (const page of PAGES) {
    await runLoad(uncached.origin, page.path, { headers: headersOf(page), connections, seconds: 1 })
    await runLoad(cached.origin, page.path, {
      headers: headersOf(page),
      connections,
      seconds: 1,
      freshHost: freshTenants(page),
    })
  }
}

/** One row of the page table: the page's references, then the app with the cache off and on. */
async function measurePage(page, { uncached, cached }, references) {
  const plainHeaders = { host: page.host, cookie: `lang=${page.lang}`, 'user-agent': BROWSER_UA }
  const answer = await get(uncached.origin, page.path, plainHeaders)
  if (answer.status !== 200) throw new Error(`${page.host}${page.path} answered ${answer.status}`)
  const html = answer.text()
  const referenceResults = await measureReferences(page, html, references)
  const appCached = await measureApp(cached, page)
  // The known page with the cache off; never-seen tenants with the cache off (what a new tenant
  // costs the render by itself); the same kind of requests as deployed, the HTML cache on: misses.
  const [appUncached, newTenant, miss] = await alternated([
    () => measureApp(uncached, page),
    () => measureApp(uncached, page, freshTenants(page)),
    () => measureApp(cached, page, freshTenants(page)),
  ])
  const firstLoad = await firstLoadBytes(uncached.origin, page.path, plainHeaders, {
    metafile: clientBuild.metafile,
  })
  const hydrationData = await hydrationDataBytes(uncached.origin, html, payloadPathOf(page), plainHeaders)
  return {
    hydrationData,
    page: page.name,
    htmlBytes: Buffer.byteLength(html),
    ...referenceResults,
    uncached: appUncached,
    cached: appCached,
    miss,
    newTenant,
    firstLoad,
  }
}

/** The page's bytes from (a) node:http and (d) Hono, and its tree through (b) renderToString and (c) renderToPipeableStream. */
async function measureReferences(page, html, references) {
  const { startHonoStringServer, startPipeableStreamServer, startRawStringServer, startRenderToStringServer } =
    references
  // The references render the page's body from the data it hydrates with (payloads leave the root out).
  const payload = hydrationDataOf(html)
  const raw = await startRawStringServer(html)
  const bare = await startRenderToStringServer(payload, `http://${page.host}${page.path}`, page.lang)
  const rawResult = await runLoad(raw.origin, '/', { connections, seconds })
  const bareResult = await runLoad(bare.origin, '/', { connections, seconds })
  await bare.close()
  const pipeable = await startPipeableStreamServer(payload, `http://${page.host}${page.path}`, page.lang)
  const pipeableResult = await runLoad(pipeable.origin, '/', { connections, seconds })
  await raw.close()
  await pipeable.close()
  const hono = await startHonoStringServer(html)
  const honoResult = await runLoad(hono.origin, '/', { connections, seconds })
  await hono.close()
  return { raw: rawResult, hono: honoResult, renderToString: bareResult, pipeableStream: pipeableResult }
}

function payloadPathOf(page) {
  const [pathname, query] = page.path.split('?')
  return `${pathname.replace(/\/$/, '')}/_payload.json${query ? `?${query}` : ''}`
}

/**
 * One load run against the app process, with its CPU time per request and RSS after.
 * `freshHost` (see load.mjs) makes every request a key nobody asked for before.
 */
async function measureApp(app, page, freshHost) {
  const cpuBefore = cpuMs(app.pid)
  const result = await runLoad(app.origin, page.path, {
    headers: headersOf(page),
    connections,
    seconds,
    ...(freshHost ? { freshHost } : {}),
  })
  const cpu = cpuMs(app.pid) - cpuBefore
  // CPU counts the warm-up too: divide by everything the server answered in the run.
  return { ...result, cpuMsPerRequest: cpu / Math.max(1, result.sent), rssMiB: rssMiB(app.pid) }
}

/**
 * Runs `cases` `rounds` times, alternating, and keeps each case's median run by CPU per request:
 * a miss is judged by its ratio to the cache-off renders, and one run of five seconds on two
 * cores moves by a fifth between neighbours, which a single pass put into the ratio whole.
 */
async function alternated(cases) {
  const runs = cases.map(() => [])
  for (let round = 0; round < rounds; round++) for (const [index, run] of cases.entries()) runs[index].push(await run())
  return runs.map((each) => medianBy(each, (run) => run.cpuMsPerRequest))
}

/**
 * Host names never sent before, a million per case: new tenants of the demo API's copies. (A Host's
 * port is no longer part of the HTML cache key, so a known tenant's page has no never-seen address.)
 */
function freshTenants(page) {
  tenantsWalked += 1_000_000
  return { template: `t{n}.${page.host}`, from: tenantsWalked }
}
