import { createGate, type Gate } from '../../../test/gate.ts'
import { startTestSite, type TestSite } from '../../../test/harness.ts'
import type { RevalidationOutcome } from './read-render.ts'

/** The list data `/res/hot` is made of: the upstream path a re-render of it is held at. */
const DATA_PATH = '/v1/resource/list'

/**
 * Stale pages on instances sharing Redis, on one clock: pages fresh for 10 s, then answered stale
 * while re-rendered; their upstream answers expire after 5 s (a re-render reads them afresh). Once
 * `hold()` is called, the list data is held at the upstream until its gate opens.
 */
export function createStaleRig(redisUrl: string) {
  const clock = { time: Date.now() }
  const outcomes: RevalidationOutcome[] = []
  let gate: Gate | null = null
  let held = 0
  return {
    clock,
    /** How the re-renders ended, on every instance of the rig. */
    outcomes,
    /** Upstream calls held so far. */
    get held() {
      return held
    },
    /** Holds the list data from now on, until the gate answered opens. */
    hold(): Gate {
      gate = createGate()
      return gate
    },
    /** An instance; given `upstream`, it reads that stub's answers instead, as a fleet reads one upstream. */
    start(options: { listen?: boolean; upstream?: string } = {}): Promise<TestSite> {
      const { upstream } = options
      return startTestSite({
        ...(options.listen ? { listen: true } : {}),
        redisUrl,
        repository: { now: () => clock.time, pageTtlMs: 5000, staleMs: 0 },
        htmlCache: {
          ttlMs: 10_000,
          staleMs: 3_600_000,
          now: () => clock.time,
          onRevalidated: (outcome) => outcomes.push(outcome),
        },
        upstream: async (request, demo) => {
          if (upstream !== undefined) return forward(request, upstream)
          if (new URL(request.url).pathname === DATA_PATH && gate !== null) {
            held += 1
            await gate.passed()
          }
          return demo(request)
        },
      })
    },
  }
}

/** `request`, sent to the stub upstream at `base` instead. */
async function forward(request: Request, base: string): Promise<Response> {
  const url = new URL(request.url)
  const headers = new Headers(request.headers)
  for (const name of ['host', 'connection', 'content-length', 'keep-alive', 'transfer-encoding']) headers.delete(name)
  const body = await request.text()
  return fetch(`${base}${url.pathname}${url.search}`, { method: request.method, headers, body })
}
