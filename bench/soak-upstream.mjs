// The soak's upstream: a loopback proxy in front of the demo API that maps many tenant hosts onto
// the three demo sites, leaves unknown ones unknown, and injects faults at fixed rates.
import { startUpstreamProxy } from './upstream-proxy.mjs'

const DEMO_SITES = ['res.localhost', 'land.localhost', 'nav.localhost']
/** Fault rates per call (the rest is forwarded): the kinds a real upstream shows on a bad day. */
export const FAULTS = { http500: 0.01, http503: 0.005, http429: 0.005, slow: 0.005, invalidJson: 0.005, reset: 0.005 }

/** `s<N>.soak.test` is a known tenant (one of the demo sites), `u<N>.soak.test` an unknown one. */
export async function startSoakUpstream(target) {
  const counts = { forwarded: 0, ...Object.fromEntries(Object.keys(FAULTS).map((kind) => [kind, 0])) }
  const proxy = await startUpstreamProxy(target, {
    before: async (request, response) => {
      const fault = pickFault()
      if (fault) counts[fault] += 1
      if (fault === 'reset') {
        request.socket.destroy()
        return true
      }
      if (fault === 'http500' || fault === 'http503' || fault === 'http429') {
        response.writeHead(Number(fault.slice(4)), { 'content-type': 'text/html' })
        response.end('<html>upstream trouble</html>')
        return true
      }
      if (fault === 'invalidJson') {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end('{"status":0,"data":')
        return true
      }
      if (fault === 'slow') await new Promise((resolve) => setTimeout(resolve, 300))
      counts.forwarded += 1
      return false
    },
    tenant: (host) => {
      const known = /^s(\d+)\.soak\.test$/.exec(host)
      return known ? DEMO_SITES[Number(known[1]) % DEMO_SITES.length] : host
    },
  })
  return { ...proxy, counts }
}

function pickFault() {
  let dice = Math.random()
  for (const [kind, rate] of Object.entries(FAULTS)) {
    if (dice < rate) return kind
    dice -= rate
  }
  return null
}
