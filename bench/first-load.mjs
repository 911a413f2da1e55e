// What a browser downloads at first load of a page: every script (module scripts, modulepreloads
// and their static imports, followed) and stylesheet the HTML references or carries inline, raw and gzip bytes.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { get } from './http-get.mjs'

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g

/** The packages counted as the framework's share of first-load JS (the rest is this project's code). */
export const FRAMEWORK_PACKAGES = ['react', 'react-dom', 'scheduler', 'react-router']

const FRAMEWORK_INPUT = new RegExp(`(?:^|/)node_modules/(?:${FRAMEWORK_PACKAGES.join('|')})/`)

/**
 * The first-load bytes of `urlPath`. With `metafile` (esbuild's, as build.mjs writes it to
 * dist/client/metafile.json) each script's gzip bytes are split between the framework and the
 * rest, in proportion to the bytes each input puts into that file.
 */
export async function firstLoadBytes(origin, urlPath, headers, { metafile } = {}) {
  const html = (await get(origin, urlPath, headers)).text()
  const scripts = new Set([...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+)"/g)].map((m) => m[1]))
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1])
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:json|ld\+json))[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1])
  // The page's start script preloads and imports the bundle after the first paint: count those too.
  for (const text of inlineScripts) for (const m of text.matchAll(/"(\/assets\/[^"]+\.js)"/g)) scripts.add(m[1])
  const inlineStyles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1])
  const seen = new Set()
  const js = { raw: 0, gzip: 0, files: 0, framework: 0, scripts: [] }
  const queue = [...scripts]
  while (queue.length > 0) {
    const file = new URL(queue.shift(), origin + urlPath).pathname
    if (seen.has(file)) continue
    seen.add(file)
    const { bytes: body } = await get(origin, file)
    const script = { file, raw: body.byteLength, gzip: gzipSync(body, { level: 9 }).byteLength, ...(metafile ? contentOf(metafile, file) : {}) }
    js.raw += script.raw
    js.gzip += script.gzip
    js.files += 1
    js.framework += Math.round(script.gzip * (script.frameworkShare ?? 0))
    js.scripts.push(script)
    for (const match of body.toString('utf8').matchAll(STATIC_IMPORT)) queue.push(new URL(match[1], origin + file).pathname)
  }
  for (const text of inlineScripts) add(js, Buffer.from(text))
  // Linked sheets are separate downloads; inline ones (a page kind's sheets, in its head) travel
  // in the HTML, compressed together.
  const css = { raw: 0, gzip: 0, files: styles.length, inline: inlineStyles.length }
  for (const href of styles) add(css, (await get(origin, new URL(href, origin + urlPath).pathname)).bytes)
  if (inlineStyles.length > 0) add(css, Buffer.from(inlineStyles.join('')))
  return { js, css }
}

/** esbuild's metafile of the browser bundle in `clientDir` (dist/client), or an error naming the build step. */
export function readMetafile(clientDir) {
  try {
    return JSON.parse(readFileSync(path.join(clientDir, 'metafile.json'), 'utf8'))
  } catch (cause) {
    throw new Error(`${clientDir}/metafile.json is missing or unreadable: run "node build.mjs" first`, { cause })
  }
}

/** The inputs of the output file served at `/assets/<name>`, largest first, and the framework's share of its bytes. */
function contentOf(metafile, file) {
  const key = Object.keys(metafile.outputs).find((name) => name.endsWith(`/assets/${path.posix.basename(file)}`))
  const inputs = Object.entries(key ? metafile.outputs[key].inputs : {}).map(([input, { bytesInOutput }]) => ({ input, bytes: bytesInOutput }))
  inputs.sort((a, b) => b.bytes - a.bytes)
  const total = inputs.reduce((sum, { bytes }) => sum + bytes, 0)
  const framework = inputs.filter(({ input }) => FRAMEWORK_INPUT.test(input)).reduce((sum, { bytes }) => sum + bytes, 0)
  return { inputs, frameworkShare: total === 0 ? 0 : framework / total }
}

function add(total, body) {
  total.raw += body.byteLength
  total.gzip += gzipSync(body, { level: 9 }).byteLength
}
