// `npm run bench:complete-copy`: what making the HTML cache's complete copy of a streamed miss costs,
// by each of the two ways docs/complete-pages.md compares: (b) splicing the late boundaries into the
// shell React wrote (server/render/complete-document.ts), (a) rendering the page again, whole, from
// its data, every deferred value settled (server/render/render-whole.ts). Both are timed on the same
// render's output and element, in this process, for each bench page (and /res/hot) whose render had
// a boundary still pending at shell time. The server runs in this process, bundled from its sources
// with those two calls wrapped so the render's inputs can be kept; the resource aside is held back
// by a slow proxy so it is pending at shell time. Median microseconds per call, and CPU per call.
import { mkdir, rm, symlink } from 'node:fs/promises'
import path from 'node:path'
import * as esbuild from 'esbuild'
import { request } from 'undici'
import { medianBy } from './median.mjs'
import { BROWSER_UA, PAGES } from './pages.mjs'
import { freePort, startDemoApi } from './processes.mjs'
import { startSlowUpstream } from './slow-upstream.mjs'

const root = path.resolve(import.meta.dirname, '..')
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback
const spliceRuns = Number(arg('splice-runs', 2000))
const renderRuns = Number(arg('render-runs', 200))
const HOLD_MS = 150

// The bundle sits in a folder of its own with the client build linked beside it: the server finds
// its manifest one level above its own file (server/index.ts `distRoot`).
const out = path.join(root, 'dist', 'bench', 'complete-copy')
await rm(out, { recursive: true, force: true })
await mkdir(out, { recursive: true })
await symlink(path.join(root, 'dist', 'client'), path.join(out, 'client'))
const entry = path.join(out, 'server', 'index.js')
await esbuild.build({
  absWorkingDir: root,
  entryPoints: ['server/index.ts'],
  outfile: entry,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  jsx: 'automatic',
  packages: 'external',
  loader: { '.css': 'empty' },
  alias: {
    'react-router/dom': path.join(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
    'react-router': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
  },
  plugins: [wrappedCopyCalls()],
  logLevel: 'warning',
})

/**
 * In render-document.ts, `streamResponse` and `completeDocument` become wrappers that hand their
 * inputs to `globalThis.completeCopyBench` before calling the real functions.
 */
function wrappedCopyCalls() {
  const wrappers = {
    'stream-response': `export * from './stream-response.ts'
import { streamResponse as real } from './stream-response.ts'
export function streamResponse(element, options) {
  globalThis.completeCopyBench?.rendered({ element, nonce: options.nonce, timeoutMs: options.timeoutMs })
  return real(element, options)
}`,
    'complete-document': `export * from './complete-document.ts'
import { completeDocument as real } from './complete-document.ts'
import { renderWhole } from './render-whole.ts'
export function completeDocument(shell, late, nonce) {
  globalThis.completeCopyBench?.spliced({ shell, late, nonce, completeDocument: real, renderWhole })
  return real(shell, late, nonce)
}`,
  }
  return {
    name: 'wrapped-copy-calls',
    setup(build) {
      build.onResolve({ filter: /^\.\/(stream-response|complete-document)\.ts$/ }, (args) =>
        args.importer.endsWith(path.join('server', 'render', 'render-document.ts'))
          ? { path: path.join(args.resolveDir, args.path), namespace: 'wrapped' }
          : undefined,
      )
      build.onLoad({ filter: /.*/, namespace: 'wrapped' }, (args) => ({
        contents: wrappers[path.basename(args.path, '.ts')],
        resolveDir: path.dirname(args.path),
        loader: 'js',
      }))
    },
  }
}

const renders = []
const splices = []
globalThis.completeCopyBench = { rendered: (r) => renders.push(r), spliced: (s) => splices.push(s) }

const demo = await startDemoApi()
const slow = await startSlowUpstream(demo.origin, { slowPaths: ['/v1/resource/aside'], delayMs: HOLD_MS })
const port = await freePort()
Object.assign(process.env, {
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  API_BASE_URL: slow.origin,
})
await import(entry)
const origin = `http://127.0.0.1:${port}`

const pages = [{ name: 'resource list (/res/hot)', host: 'res.localhost', lang: 'zh', path: '/res/hot' }, ...PAGES]
const rows = []
for (const page of pages) {
  const rendersBefore = renders.length
  const splicesBefore = splices.length
  // A browser's miss: the HTML cache is on (the default), so the streamed render is kept complete.
  const { statusCode, body } = await request(origin + page.path, {
    headers: { host: page.host, cookie: `lang=${page.lang}`, 'user-agent': BROWSER_UA },
  })
  const html = await body.text()
  if (statusCode !== 200) throw new Error(`${page.host}${page.path} answered ${statusCode}`)
  for (let waited = 0; splices.length === splicesBefore && waited < 1000; waited += 10)
    await new Promise((resolve) => setTimeout(resolve, 10))
  const render = renders.at(-1)
  const splice = splices.length > splicesBefore ? splices.at(-1) : undefined
  if (renders.length === rendersBefore || splice === undefined) {
    rows.push({ page: page.name, htmlBytes: Buffer.byteLength(html), pending: false })
    continue
  }
  rows.push({ page: page.name, htmlBytes: Buffer.byteLength(html), pending: true, ...(await timed(render, splice)) })
}

/** Both ways of making the complete copy, timed on one render's output and element. */
async function timed(render, { shell, late, nonce, completeDocument, renderWhole }) {
  const spliced = completeDocument(shell, late, nonce)
  const whole = await renderWhole(render.element, { nonce: render.nonce, timeoutMs: render.timeoutMs })
  const spliceTimes = []
  for (let i = 0; i < spliceRuns / 10; i += 1) completeDocument(shell, late, nonce)
  let cpu = process.cpuUsage()
  for (let i = 0; i < spliceRuns; i += 1) {
    const started = performance.now()
    completeDocument(shell, late, nonce)
    spliceTimes.push(performance.now() - started)
  }
  const spliceCpu = process.cpuUsage(cpu)
  const renderTimes = []
  for (let i = 0; i < renderRuns / 10; i += 1) await renderWhole(render.element, render)
  cpu = process.cpuUsage()
  for (let i = 0; i < renderRuns; i += 1) {
    const started = performance.now()
    await renderWhole(render.element, render)
    renderTimes.push(performance.now() - started)
  }
  const renderCpu = process.cpuUsage(cpu)
  const perCallUs = (usage, runs) => (usage.user + usage.system) / runs
  return {
    shellBytes: shell.byteLength,
    lateBytes: late.byteLength,
    spliced: spliced !== null,
    sameBytes: spliced !== null && whole !== null && spliced.equals(whole),
    spliceUs: medianBy(spliceTimes) * 1000,
    spliceCpuUs: perCallUs(spliceCpu, spliceRuns),
    renderUs: medianBy(renderTimes) * 1000,
    renderCpuUs: perCallUs(renderCpu, renderRuns),
  }
}

const f0 = (n) => n.toFixed(0)
const kib = (n) => (n / 1024).toFixed(1)
console.log(
  `\nThe kept copy of a streamed miss, made two ways from the same render (aside held ${HOLD_MS} ms, so pending at shell time): (b) the splice, median of ${spliceRuns} calls; (a) a second render from the loaded data, median of ${renderRuns}. µs per call, wall (CPU of this process per call)`,
)
console.log('| page | HTML KiB | shell / late KiB | (b) splice µs | (a) render again µs | (a)/(b) | same bytes |')
console.log('|---|---|---|---|---|---|---|')
for (const r of rows) {
  if (!r.pending) {
    console.log(`| ${r.page} | ${kib(r.htmlBytes)} | nothing pending at shell time | – | – | – | – |`)
    continue
  }
  console.log(
    `| ${r.page} | ${kib(r.htmlBytes)} | ${kib(r.shellBytes)} / ${kib(r.lateBytes)} | ${f0(r.spliceUs)} (${f0(r.spliceCpuUs)})${r.spliced ? '' : ', refused'} | ${f0(r.renderUs)} (${f0(r.renderCpuUs)}) | ×${(r.renderUs / r.spliceUs).toFixed(1)} | ${r.sameBytes ? 'yes' : 'no'} |`,
  )
}
await Promise.all([slow.close(), demo.stop()])
// The server has no stop of its own here: it ends with this process.
process.exit(0)
