// What a page carries for the browser's router (docs/performance.md "Hydration data and page
// payloads"): the hydration data in its HTML and the payload JSON a client navigation to it fetches,
// raw and gzip bytes.
import { gzipSync } from 'node:zlib'
import { get } from './http-get.mjs'

const HYDRATION = /<script id="__hydration" type="application\/json">([\s\S]*?)<\/script>/

/** The router state a page's HTML carries (JSON, escaped for a script element but still JSON). */
export function hydrationDataOf(html) {
  const match = HYDRATION.exec(html)
  if (!match) throw new Error('the page carries no hydration data')
  return JSON.parse(match[1])
}

/** Bytes of the hydration data in `html` and of the page's payload at `payloadPath`, per route too. */
export async function hydrationDataBytes(origin, html, payloadPath, headers) {
  const hydration = HYDRATION.exec(html)?.[1] ?? ''
  const payload = (await get(origin, payloadPath, headers)).bytes
  const routes = Object.fromEntries(
    Object.entries(hydrationDataOf(html).loaderData).map(([routeId, data]) => [
      routeId,
      Buffer.byteLength(JSON.stringify(data)),
    ]),
  )
  return { hydration: sizes(Buffer.from(hydration)), payload: sizes(payload), routes }
}

function sizes(bytes) {
  return { raw: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength }
}

/** The table `npm run bench` prints after its page table. */
export function printHydrationTable(rows) {
  const kib = (n) => (n / 1024).toFixed(1)
  console.log(
    '\nHydration data (in the HTML) and navigation payload per page, KiB raw / gzip; bytes per route of the hydration data',
  )
  console.log('| page | hydration data KiB | payload KiB | per route (bytes) |')
  console.log('|---|---|---|---|')
  for (const { page, hydrationData: h } of rows) {
    if (!h) continue
    const routes = Object.entries(h.routes)
      .map(([routeId, bytes]) => `${routeId} ${bytes}`)
      .join(', ')
    console.log(
      `| ${page} | ${kib(h.hydration.raw)} / ${kib(h.hydration.gzip)} | ${kib(h.payload.raw)} / ${kib(h.payload.gzip)} | ${routes} |`,
    )
  }
}
