// What a browser downloads at first load of a page: every script (module scripts, modulepreloads
// and their static imports, followed) and stylesheet the HTML references or carries inline, raw and gzip bytes.
import { gzipSync } from 'node:zlib'
import { get } from './http-get.mjs'

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g

export async function firstLoadBytes(origin, urlPath, headers) {
  const html = (await get(origin, urlPath, headers)).text()
  const scripts = new Set([...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+)"/g)].map((m) => m[1]))
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1])
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:json|ld\+json))[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1])
  // The page's start script preloads and imports the bundle after the first paint: count those too.
  for (const text of inlineScripts) for (const m of text.matchAll(/"(\/assets\/[^"]+\.js)"/g)) scripts.add(m[1])
  const inlineStyles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1])
  const seen = new Set()
  const js = { raw: 0, gzip: 0, files: 0 }
  const queue = [...scripts]
  while (queue.length > 0) {
    const file = new URL(queue.shift(), origin + urlPath).pathname
    if (seen.has(file)) continue
    seen.add(file)
    const { bytes: body } = await get(origin, file)
    js.raw += body.byteLength
    js.gzip += gzipSync(body, { level: 9 }).byteLength
    js.files += 1
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

function add(total, body) {
  total.raw += body.byteLength
  total.gzip += gzipSync(body, { level: 9 }).byteLength
}
