// A loopback proxy in front of the demo API that holds back chosen API paths, so the benchmark can
// time the shell of a page whose slow data streams in later.
import { request } from 'undici'
import { startUpstreamProxy } from './upstream-proxy.mjs'

/** Starts the proxy: calls to `slowPaths` are answered `delayMs` later than the demo API answers them. */
export function startSlowUpstream(target, { slowPaths, delayMs }) {
  return startUpstreamProxy(target, {
    before: async (request) => {
      if (slowPaths.includes(request.url)) await new Promise((resolve) => setTimeout(resolve, delayMs))
      return false
    },
  })
}

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
    firstChunkHasShell: /<div id="root">[\s\S]*<main/.test(text),
    streamed: rest > 0,
  }
}
