// The long-tail bench's upstream: a loopback proxy in front of the demo API that serves many tenants
// (`t<N>.lt.test`, each a copy of the demo's res site) and can edit one tenant's resource list, so
// the bench sees when an edit reaches a page. No faults: the bench measures caching, not resilience.
import { startUpstreamProxy } from './upstream-proxy.mjs'

const SITE = 'res.localhost'
/** The data answer the res site's `/res/hot` page is built from. */
const EDITED_PATH = '/v1/resource/list'

/** Starts the proxy; `edit(host, marker)` puts `marker` in that tenant's resource titles from then on. */
export async function startLongTailUpstream(target) {
  const edits = new Map()
  const counts = { calls: 0 }
  const proxy = await startUpstreamProxy(target, {
    before: async () => {
      counts.calls += 1
      return false
    },
    tenant: (host) => (/^t\d+\.lt\.test$/.test(host) ? SITE : host),
    edit: (host, pathname, body) => {
      const marker = edits.get(host)
      if (marker === undefined || pathname !== EDITED_PATH) return body
      return Buffer.from(body.toString('utf8').replaceAll('"title":"', `"title":"${marker} `))
    },
  })
  return { ...proxy, counts, edit: (host, marker) => edits.set(host, marker) }
}
