// Builds the browser bundle (with a manifest the server reads) and the Node server bundle.
// Usage: node build.mjs [--only=client|server|demo-api] [--out=DIR] [--label=TEXT]  (DIR defaults to ./dist)
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import * as esbuild from 'esbuild'
import { toManifest } from './build/client-manifest.mjs'
import { foldChunks } from './build/fold-chunks.mjs'
import { precompress } from './build/precompress.mjs'

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length)
const root = path.dirname(new URL(import.meta.url).pathname)
const outArg = process.argv.find((arg) => arg.startsWith('--out='))?.slice('--out='.length)
const dist = outArg ? path.resolve(outArg) : path.join(root, 'dist')
// A label written into every browser file (a release name, a commit): two builds of the same
// sources with different labels name every script and stylesheet differently, as two releases do.
const label = process.argv.find((arg) => arg.startsWith('--label='))?.slice('--label='.length)
const labelComment = label ? ` ${label.replace(/[^\w.-]/g, '_')}` : ''
const clientOut = path.join(dist, 'client', 'assets')
const PUBLIC_PATH = '/assets'

// react-router 7's package exports point every condition at its development build; bundle the
// production build instead (same API, no dev-only checks and warnings).
const reactRouterProduction = {
  'react-router/dom': path.join(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
  'react-router': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
}

/**
 * Imports the browser bundle refuses: the classic zod API weighs ~90 KiB gzip in every page that
 * parses anything, zod/mini the same rules in ~5 KiB; the server and the demo API never ship.
 */
const browserOnlyImports = {
  name: 'browser-only-imports',
  setup(build) {
    build.onResolve({ filter: /^zod(\/v4)?$/ }, (args) => ({
      errors: [
        {
          text: `${args.importer} imports "${args.path}": browser code parses with "zod/mini" (the classic API is too heavy for the browser)`,
        },
      ],
    }))
    build.onResolve({ filter: /(^|\/)server\// }, (args) =>
      args.importer.includes('node_modules')
        ? undefined
        : { errors: [{ text: `${args.importer} imports "${args.path}": server code never reaches the browser` }] },
    )
  },
}

/**
 * react-router's modules keep every component they define in a bundle, used or not: each is named
 * for React's developer tools by a top-level assignment (`Link.displayName = "Link"`), and
 * `forwardRef`, `memo` and `createContext` calls are not marked pure, so a bundler must assume
 * they have effects. Link, NavLink, Form and their prefetching, submission and framework-mode
 * code travelled with every page (about 5.5 KiB gzip). The browser build drops the names
 * (production React never reads them) and marks those calls pure, so tree-shaking leaves out
 * what the app does not use.
 */
const treeShakableReactRouter = {
  name: 'tree-shakable-react-router',
  setup(build) {
    build.onLoad(
      { filter: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/ },
      async (args) => ({
        contents: (await readFile(args.path, 'utf8'))
          .replace(/^\s*[\w$]+\.displayName = "[^"\n]*";$/gm, '')
          .replace(/= (React\d*\.(?:forwardRef|memo|createContext))\(/g, '= /* @__PURE__ */ $1('),
        loader: 'js',
      }),
    )
  },
}

const SHEETS = 'client/styles/sheets'

/**
 * One stylesheet per file of client/styles/sheets (shared/styles/style-groups.ts): the server
 * inlines a page's sheets into its head, the browser links others as it needs them.
 */
async function buildStyles() {
  const names = (await readdir(path.join(root, SHEETS))).filter((name) => name.endsWith('.css'))
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: names.map((name) => `${SHEETS}/${name}`),
    outdir: clientOut,
    publicPath: PUBLIC_PATH,
    bundle: true,
    minify: true,
    // No source map: the server inlines these files, where a map comment would point nowhere.
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    target: ['chrome111', 'firefox111', 'safari16.4'],
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
    ...(labelComment ? { banner: { css: `/*${labelComment} */` } } : {}),
  })
  const styles = {}
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (file.endsWith('.css') && output.entryPoint)
      styles[path.basename(output.entryPoint, '.css')] =
        `${PUBLIC_PATH}/${path.relative(clientOut, path.resolve(root, file))}`
  }
  return styles
}

const CLIENT_ENTRY = 'client/entry-client.tsx'

/** How both passes of the browser build write their files. */
const BROWSER_OUTPUT = {
  // The browser bundle must never pull in Node modules: platform 'browser' makes such an import
  // a build error instead of a broken page.
  platform: 'browser',
  target: ['es2022', 'chrome111', 'firefox111', 'safari16.4'],
  minify: true,
  // Non-ASCII text as it is, not as \u escapes: the locale chunks of Arabic, Chinese, Russian…
  // shrink by a third (module scripts are always decoded as UTF-8).
  charset: 'utf8',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
}

async function buildClient() {
  await rm(path.join(dist, 'client'), { recursive: true, force: true })
  const styles = await buildStyles()
  const result = await esbuild.build({
    ...BROWSER_OUTPUT,
    absWorkingDir: root,
    entryPoints: [CLIENT_ENTRY],
    outdir: clientOut,
    publicPath: PUBLIC_PATH,
    bundle: true,
    splitting: true,
    format: 'esm',
    jsx: 'automatic',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    // The names are hashed from this pass's output, and foldChunks rewrites the files under them: a
    // banner naming the version of the build scripts puts a change to that step into every name,
    // so an immutably cached file never changes under its address (the next pass drops it).
    banner: { js: `/* build ${buildScriptVersion()}${labelComment} */` },
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"', __STYLE_SHEETS__: JSON.stringify(styles) },
    alias: reactRouterProduction,
    plugins: [browserOnlyImports, treeShakableReactRouter],
  })
  const metafile = await foldChunks({
    metafile: result.metafile,
    root,
    outDir: clientOut,
    publicPath: PUBLIC_PATH,
    entryPoint: CLIENT_ENTRY,
    isPage: (entryPoint) => /^shared\/pages\/(?:content\/[\w-]+-view|[\w-]+)\.tsx$/.test(entryPoint),
    output: BROWSER_OUTPUT,
  })
  const url = (file) => `${PUBLIC_PATH}/${path.relative(clientOut, path.resolve(root, file))}`
  const manifest = { ...toManifest(metafile, { entryPoint: CLIENT_ENTRY, url }), styles }
  await withCompileHint(path.join(clientOut, path.basename(manifest.entry.file)))
  await writeFile(path.join(dist, 'client', 'manifest.json'), JSON.stringify(manifest, null, 2))
  // What each output file holds, module by module (bench/first-load.mjs reads it); beside the
  // assets folder, so the server never serves it.
  await writeFile(path.join(dist, 'client', 'metafile.json'), JSON.stringify(metafile))
  await precompress(clientOut)
  return manifest
}

/**
 * Asks V8 to compile every function of the entry while the file streams in, off the main thread
 * (`//# allFunctionsCalledOnLoad`, read by Chromium since version 136, a comment elsewhere).
 * Compiled lazily, the framework's functions were compiled on first call, inside the one task that
 * evaluates the entry: the longest task of a page's start, during which a tap waits. Nearly all of
 * the entry runs before the page is interactive, so little is compiled for nothing. The hint must
 * be the file's first line; the source map's lines move down one with it.
 */
async function withCompileHint(file) {
  const code = await readFile(file, 'utf8')
  await writeFile(file, `//# allFunctionsCalledOnLoad\n${code}`)
  const map = JSON.parse(await readFile(`${file}.map`, 'utf8'))
  await writeFile(`${file}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }))
}

/** The modules of the build whose changes rearrange the browser bundle's files after hashing. */
const FOLDING_STEP = ['build/fold-chunks.mjs', 'build/folded-metafile.mjs', 'build/stateless-module.mjs']

/** A short hash of this script and its folding step, which decide how the browser bundle's files are rearranged. */
function buildScriptVersion() {
  const hash = createHash('sha256').update(readFileSync(import.meta.filename))
  for (const file of FOLDING_STEP) hash.update(readFileSync(path.join(root, file)))
  return hash.digest('hex').slice(0, 12)
}

/**
 * Modules the browser loads on demand after a visitor's action (the post editor with CodeMirror and
 * DOMPurify, the toast host with react-dom's client, the sign-in dialog with Google's script): the
 * server never runs them, and bundling them made every server process load those packages at start
 * (about 40 MiB of RSS). In the server bundle their dynamic imports resolve to a module that refuses
 * to load.
 */
const ON_DEMAND_IN_BROWSER = /\/(?:post-editor|toast-host|login-modal)\.tsx$/
const browserOnDemandModules = {
  name: 'browser-on-demand-modules',
  setup(build) {
    build.onResolve({ filter: ON_DEMAND_IN_BROWSER }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, namespace: 'browser-on-demand' } : undefined,
    )
    build.onLoad({ filter: /.*/, namespace: 'browser-on-demand' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is loaded on demand in the browser only`)})`,
      loader: 'js',
    }))
  },
}

/**
 * The embedded demo API (server/server-deps.ts imports it when API_BASE_URL is unset) stays out of
 * the server entry: its dynamic import points at a file of its own beside it, so an instance with an
 * upstream never loads the demo's code and data.
 */
const EMBEDDED_DEMO_API = 'embedded-demo-api.js'
const embeddedDemoApiApart = {
  name: 'embedded-demo-api-apart',
  setup(build) {
    build.onResolve({ filter: /\/demo-api\/start-demo-api\.ts$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: `./${EMBEDDED_DEMO_API}`, external: true } : undefined,
    )
  },
}

/**
 * The OpenTelemetry runtime (server/telemetry/start-tracing.ts imports it when an OTLP endpoint is
 * set) stays out of the server entry the same way: without an endpoint, no OpenTelemetry package
 * is loaded at all.
 */
const TRACING_RUNTIME = 'tracing-runtime.js'
const tracingRuntimeApart = {
  name: 'tracing-runtime-apart',
  setup(build) {
    build.onResolve({ filter: /(^|\/)otel-runtime\.ts$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: `./${TRACING_RUNTIME}`, external: true } : undefined,
    )
  },
}

async function buildServer(entry, outfile, plugins = []) {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    jsx: 'automatic',
    // Dependencies stay in node_modules (installed with npm ci --omit=dev in the image).
    packages: 'external',
    sourcemap: 'linked',
    // Stylesheets belong to the browser bundle only.
    loader: { '.css': 'empty' },
    alias: reactRouterProduction,
    plugins: [browserOnDemandModules, ...plugins],
    logLevel: 'warning',
  })
}

/**
 * The demo API's pictures and clips (content-hashed names), next to the server bundles: the bundled
 * media route looks for them in `media/` beside itself (server/demo-api/media-route.ts).
 */
async function copyDemoMedia() {
  const from = path.join(root, 'server', 'demo-api', 'media')
  const to = path.join(dist, 'server', 'media')
  await rm(to, { recursive: true, force: true })
  await mkdir(to, { recursive: true })
  const files = (await readdir(from)).filter((name) => /\.[0-9a-f]{10}\.(?:webp|png|webm)$/.test(name))
  await Promise.all(files.map((name) => copyFile(path.join(from, name), path.join(to, name))))
}

await mkdir(dist, { recursive: true })
if (!only || only === 'client') await buildClient()
if (!only || only === 'server') {
  await buildServer('server/index.ts', path.join(dist, 'server', 'index.js'), [
    embeddedDemoApiApart,
    tracingRuntimeApart,
  ])
  await buildServer('server/telemetry/otel-runtime.ts', path.join(dist, 'server', TRACING_RUNTIME))
  await buildServer('server/demo-api/start-demo-api.ts', path.join(dist, 'server', EMBEDDED_DEMO_API))
}
if (!only || only === 'server' || only === 'demo-api') {
  await buildServer('server/demo-api/main.ts', path.join(dist, 'server', 'demo-api.js'))
  await copyDemoMedia()
}
