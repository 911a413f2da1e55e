// A loopback proxy in front of the demo API that holds back chosen API paths, so the benchmark can
// time the shell of a page whose slow data streams in later.
import zlib from 'node:zlib'
import { request } from 'undici'
import { startUpstreamProxy } from './upstream-proxy.mjs'

/**
 * Starts the proxy: calls to `slowPaths` are answered `delayMs` later than the demo API answers them
 * (`hold(ms)` changes the delay for the calls that follow).
 */
export async function startSlowUpstream(target, { slowPaths, delayMs }) {
  let held = delayMs
  const proxy = await startUpstreamProxy(target, {
    before: async (request) => {
      if (slowPaths.includes(request.url)) await new Promise((resolve) => setTimeout(resolve, held))
      return false
    },
  })
  return { ...proxy, hold: (ms) => (held = ms) }
}

/** What the shell test looks for: the root and the page's main element. */
const SHELL = /<div id="root">[\s\S]*<main/

/** Milliseconds to the first response byte, and whether that first read already holds the shell. */
export async function shellTiming(origin, urlPath, headers) {
  const started = performance.now()
  const { body } = await request(origin + urlPath, { method: 'GET', headers })
  let ttfb = 0
  let text = ''
  let rest = 0
  for await (const chunk of body) {
    if (text === '') {
      ttfb = performance.now() - started
      text = chunk.toString('utf8')
    } else rest += chunk.byteLength
  }
  return {
    ttfb,
    total: performance.now() - started,
    firstChunkHasShell: SHELL.test(text),
    streamed: rest > 0,
  }
}

/**
 * Milliseconds until the body, decoded as far as it has come (brotli and gzip flushed by the
 * server decode without their end), first holds the shell: what a browser can paint from. Also the
 * whole answer's time, its coding and whether the first read held the shell. `onShell` is called
 * once the shell is there (or the answer ended without it).
 */
export async function decodedShellTiming(origin, urlPath, headers, onShell = () => {}) {
  const started = performance.now()
  const { headers: answered, body } = await request(origin + urlPath, { method: 'GET', headers })
  const coding = answered['content-encoding'] ?? 'identity'
  const received = []
  let shellMs = Number.NaN
  let reads = 0
  let firstReadHasShell = false
  for await (const chunk of body) {
    reads += 1
    if (!Number.isNaN(shellMs)) continue
    received.push(chunk)
    if (SHELL.test(decodedSoFar(Buffer.concat(received), coding))) {
      shellMs = performance.now() - started
      firstReadHasShell = reads === 1
      onShell()
    }
  }
  if (Number.isNaN(shellMs)) onShell()
  return { coding, shellMs, totalMs: performance.now() - started, firstReadHasShell, streamed: reads > 1 }
}

/** The text of a body's first bytes, decoded as far as they go. */
function decodedSoFar(bytes, coding) {
  if (coding === 'br')
    return zlib.brotliDecompressSync(bytes, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }).toString('utf8')
  if (coding === 'gzip') return zlib.gunzipSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('utf8')
  return bytes.toString('utf8')
}
