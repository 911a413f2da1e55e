// What a browser downloads at first load of a page: every script (module scripts, modulepreloads
// and their static imports, followed) and stylesheet the HTML references or carries inline, raw and gzip bytes.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { get } from './http-get.mjs'
import { BROWSER_UA } from './pages.mjs'

// React's streaming instructions ($RC, $RV…, and the timer that reveals streamed parts): present
// only when a part of the page arrives after the shell, which depends on the upstream's timing.
const REACT_STREAMING = /^(?:requestAnimationFrame\(function\(\)\{)?\$R[A-Z]*\s*[=(]/

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g

/** The packages counted as the framework's share of first-load JS (the rest is this project's code). */
export const FRAMEWORK_PACKAGES = ['react', 'react-dom', 'scheduler', 'react-router', 'i18next']

const FRAMEWORK_INPUT = new RegExp(`(?:^|/)node_modules/(?:${FRAMEWORK_PACKAGES.join('|')})/`)

/**
 * The first-load bytes of `urlPath`. With `metafile` (esbuild's, as build.mjs writes it to
 * dist/client/metafile.json) each script's gzip bytes are split between the framework and the
 * rest, in proportion to the bytes each input puts into that file.
 */
export async function firstLoadBytes(origin, urlPath, headers, { metafile } = {}) {
  const html = (await get(origin, urlPath, headers)).text()
  const scripts = new Set(
    [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+)"/g)].map((m) => m[1]),
  )
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1])
  const allInline = [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:json|ld\+json))[^>]*>([\s\S]*?)<\/script>/g),
  ].map((m) => m[1])
  const inlineScripts = allInline.filter((text) => !REACT_STREAMING.test(text))
  // The page's start script preloads and imports the bundle after the first paint: count those too.
  for (const text of inlineScripts) for (const m of text.matchAll(/"(\/assets\/[^"]+\.js)"/g)) scripts.add(m[1])
  const inlineStyles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1])
  const seen = new Set()
  // React's streaming instructions are counted apart (reactStreaming), not in the page's JavaScript.
  const js = { raw: 0, gzip: 0, files: 0, framework: 0, scripts: [], reactStreaming: { raw: 0, gzip: 0 } }
  const streaming = allInline.filter((text) => REACT_STREAMING.test(text))
  if (streaming.length > 0) add(js.reactStreaming, Buffer.from(streaming.join('')))
  const queue = [...scripts]
  while (queue.length > 0) {
    const file = new URL(queue.shift(), origin + urlPath).pathname
    if (seen.has(file)) continue
    seen.add(file)
    const { bytes: body } = await get(origin, file)
    const script = {
      file,
      raw: body.byteLength,
      gzip: gzipSync(body, { level: 9 }).byteLength,
      ...(metafile ? contentOf(metafile, file) : {}),
    }
    js.raw += script.raw
    js.gzip += script.gzip
    js.files += 1
    js.framework += Math.round(script.gzip * (script.frameworkShare ?? 0))
    js.scripts.push(script)
    for (const match of body.toString('utf8').matchAll(STATIC_IMPORT))
      queue.push(new URL(match[1], origin + file).pathname)
  }
  for (const text of inlineScripts) add(js, Buffer.from(text))
  // Linked sheets are separate downloads; inline ones (a page kind's sheets, in its head) travel
  // in the HTML, compressed together.
  const css = { raw: 0, gzip: 0, files: styles.length, inline: inlineStyles.length }
  for (const href of styles) add(css, (await get(origin, new URL(href, origin + urlPath).pathname)).bytes)
  if (inlineStyles.length > 0) add(css, Buffer.from(inlineStyles.join('')))
  return { js, css }
}

/** What build.mjs wrote about the browser bundle in `clientDir` (dist/client): its manifest and esbuild's metafile. */
export function readClientBuild(clientDir) {
  const read = (name) => {
    try {
      return JSON.parse(readFileSync(path.join(clientDir, name), 'utf8'))
    } catch (cause) {
      throw new Error(`${clientDir}/${name} is missing or unreadable: run "node build.mjs" first`, { cause })
    }
  }
  return { manifest: read('manifest.json'), metafile: read('metafile.json') }
}

/** The first-load JavaScript budget of every page kind, KiB of gzip (docs/first-load.md). */
export const FIRST_LOAD_BUDGET_KIB = 125

/**
 * First-load JavaScript per page kind: each of `pages` ({ host, path, cookie }) is loaded as a
 * browser would, its kind is the page module whose chunk it loads (build.mjs's manifest), and each
 * kind is reported by its heaviest page. Pages that load no script (a whole document) are left out.
 */
export async function firstLoadByPageKind(origin, pages, { manifest, metafile }) {
  const kindOf = new Map(Object.entries(manifest.pages).map(([name, chunk]) => [chunk.file, name]))
  const kinds = new Map()
  for (const page of pages) {
    const headers = { host: page.host, 'user-agent': BROWSER_UA, ...(page.cookie ? { cookie: page.cookie } : {}) }
    const { js } = await firstLoadBytes(origin, page.path, headers, { metafile })
    if (js.files === 0) continue
    const kind = js.scripts.map((script) => kindOf.get(script.file)).find(Boolean) ?? 'entry only'
    const heaviest = kinds.get(kind)
    if (!heaviest || heaviest.js.gzip < js.gzip) kinds.set(kind, { kind, page: `${page.host}${page.path}`, js })
  }
  return [...kinds.values()].sort((a, b) => b.js.gzip - a.js.gzip)
}

/** The inputs of the output file served at `/assets/<name>`, largest first, and the framework's share of its bytes. */
function contentOf(metafile, file) {
  const key = Object.keys(metafile.outputs).find((name) => name.endsWith(`/assets/${path.posix.basename(file)}`))
  const inputs = Object.entries(key ? metafile.outputs[key].inputs : {}).map(([input, { bytesInOutput }]) => ({
    input,
    bytes: bytesInOutput,
  }))
  inputs.sort((a, b) => b.bytes - a.bytes)
  const total = inputs.reduce((sum, { bytes }) => sum + bytes, 0)
  const framework = inputs.filter(({ input }) => FRAMEWORK_INPUT.test(input)).reduce((sum, { bytes }) => sum + bytes, 0)
  return { inputs, frameworkShare: total === 0 ? 0 : framework / total }
}

function add(total, body) {
  total.raw += body.byteLength
  total.gzip += gzipSync(body, { level: 9 }).byteLength
}
