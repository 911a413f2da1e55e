import pino from 'pino'
import { Agent, request } from 'undici'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEMO_ACCOUNT } from '../server/demo-api/data/index.ts'
import { type StartedTracing, startTracing } from '../server/telemetry/start-tracing.ts'
import { type DeployInstance, startDeployInstance } from './deploy-instance.ts'
import { startHaproxy, type TestHaproxy } from './haproxy-server.ts'
import { type OtlpReceiver, startOtlpReceiver } from './otlp-receiver.ts'
import { type DemoUpstream, startDemoUpstream } from './server-process.ts'
import { startVarnish, type TestVarnish } from './varnish-server.ts'

// Forwarding headers a visitor forges, through the shipped docs/deploy configs as the deploy page
// says to run them: Varnish → HAProxy → instance with TRUST_PROXY=2 (HAProxy keeping the headers of
// Varnish, its FRONT_PROXY), and HAProxy alone → instance with TRUST_PROXY=1. The proxies reach
// each other from 127.0.0.1; visitors come from 127.0.0.2, so neither takes them for a proxy.

const VICTIM = 'res.localhost'
/** Another demo tenant, whose page the forged headers ask for. */
const ATTACKER = 'land.localhost'
const VISITOR_ADDRESS = '127.0.0.2'
/** A returning visitor of the victim (its language is zh): their pages set no cookie, so Varnish keeps them. */
const ZH = { cookie: 'lang=zh' }

const visitor = new Agent({ localAddress: VISITOR_ADDRESS })
afterAll(() => visitor.close())

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

async function get(base: string, path: string, host: string, headers: Record<string, string> = {}): Promise<Answer> {
  const answer = await request(`${base}${path}`, { headers: { host, ...ZH, ...headers }, dispatcher: visitor })
  return { status: answer.statusCode, headers: answer.headers, body: await answer.body.text() }
}

/** A sign-in through the same-origin API; its Set-Cookie lines. */
async function signIn(base: string, headers: Record<string, string>): Promise<string[]> {
  const answer = await request(`${base}/api/v1/user/login`, {
    method: 'POST',
    headers: { host: VICTIM, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
    dispatcher: visitor,
  })
  await answer.body.text()
  expect(answer.statusCode).toBe(200)
  return [answer.headers['set-cookie'] ?? []].flat()
}

const titleOf = (answer: Answer) => /<title>([^<]*)<\/title>/.exec(answer.body)?.[1]

/** What a visitor forges to be served another tenant's page under the victim's host. */
const FORGERIES: [string, Record<string, string>][] = [
  ['X-Forwarded-Host', { 'x-forwarded-host': ATTACKER }],
  ['Forwarded host=', { forwarded: `host=${ATTACKER};proto=https` }],
  [
    'both, repeated',
    { 'x-forwarded-host': `${ATTACKER}, ${ATTACKER}`, forwarded: `host=${ATTACKER}, host=${ATTACKER}` },
  ],
]
/** Forged client address and scheme. */
const FORGED_CLIENT = {
  'x-forwarded-for': '6.6.6.6',
  'x-forwarded-proto': 'https',
  forwarded: 'for=6.6.6.6;proto=https',
}

/** A trace context a visitor forges, hoping to join (and sample) the operator's traces. */
const FORGED_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736'
const FORGED_TRACE = { traceparent: `00-${FORGED_TRACE_ID}-00f067aa0ba902b7-01`, tracestate: 'forged=1' }

/** The demo API, recording the X-Forwarded-For and traceparent of each sign-in it is sent. */
async function startRecordingUpstream(): Promise<
  DemoUpstream & { forwardedFor: (string | null)[]; traceparents: (string | null)[] }
> {
  const forwardedFor: (string | null)[] = []
  const traceparents: (string | null)[] = []
  const upstream = await startDemoUpstream((upstreamRequest, demo) => {
    if (new URL(upstreamRequest.url).pathname === '/v1/user/login') {
      forwardedFor.push(upstreamRequest.headers.get('x-forwarded-for'))
      traceparents.push(upstreamRequest.headers.get('traceparent'))
    }
    return demo(upstreamRequest)
  })
  return { ...upstream, forwardedFor, traceparents }
}

/** Resolves once the balancer passes pages on (its health checks found the instance up). */
async function untilServing(haproxy: TestHaproxy): Promise<void> {
  await vi.waitFor(async () => expect((await get(haproxy.url, '/', VICTIM)).status, haproxy.output()).toBe(200), {
    timeout: 10_000,
    interval: 100,
  })
}

describe.each([
  { stack: 'Varnish → HAProxy → instance', trustProxy: 2, varnish: true },
  { stack: 'HAProxy → instance', trustProxy: 1, varnish: false },
])('forged forwarding headers through $stack (TRUST_PROXY=$trustProxy)', { timeout: 30_000 }, (setup) => {
  let upstream: Awaited<ReturnType<typeof startRecordingUpstream>>
  let instance: DeployInstance
  let haproxy: TestHaproxy
  let varnish: TestVarnish | undefined
  /** Where visitors enter: Varnish, or HAProxy when it stands alone. */
  let front: string
  let victimTitle: string | undefined
  /** The instance traces to this receiver, as an operator's would to a collector. */
  let receiver: OtlpReceiver
  let tracing: StartedTracing

  beforeAll(async () => {
    receiver = await startOtlpReceiver()
    tracing = await startTracing(
      { url: receiver.url, protocol: 'http/json', sampler: 'parentbased_always_on', ratio: 1, resource: {} },
      pino({ level: 'silent' }),
      { exportDelayMs: 20 },
    )
    upstream = await startRecordingUpstream()
    instance = await startDeployInstance({ API_BASE_URL: upstream.url, TRUST_PROXY: String(setup.trustProxy) })
    // Each tenant's own page, asked of the instance itself: the two differ. (Its first upstream
    // contact also makes the instance ready, as server/index.ts's probe does.)
    victimTitle = titleOf(await get(instance.url, '/', VICTIM))
    const attackerTitle = titleOf(await get(instance.url, '/', ATTACKER, { cookie: 'lang=en' }))
    expect(victimTitle).toBeTruthy()
    expect(attackerTitle).toBeTruthy()
    expect(victimTitle).not.toBe(attackerTitle)
    haproxy = await startHaproxy([instance.port, instance.port], {
      checkInterval: '200ms',
      ...(setup.varnish ? { frontProxy: '127.0.0.1' } : {}),
    })
    varnish = setup.varnish ? await startVarnish({ host: '127.0.0.1', port: haproxy.port }) : undefined
    front = varnish?.url ?? haproxy.url
    await untilServing(haproxy)
  })

  afterAll(async () => {
    await varnish?.stop()
    await haproxy?.stop()
    await instance?.close()
    upstream?.close()
    await tracing?.shutdown()
    await receiver?.close()
  })

  it.each(FORGERIES)('a forged %s gets the victim’s page, and so does every visitor after it', async (name, forged) => {
    // A path of its own per case: nothing kept by an earlier case answers it.
    const path = `/?case=${encodeURIComponent(name)}`
    const forgedAnswer = await get(front, path, VICTIM, forged)
    expect(forgedAnswer.status).toBe(200)
    expect(titleOf(forgedAnswer)).toBe(victimTitle)
    const plain = await get(front, path, VICTIM)
    expect(plain.status).toBe(200)
    expect(titleOf(plain)).toBe(victimTitle)
    // The forged request's answer was the one kept for the victim's host, and it is the victim's page.
    if (varnish) expect(plain.headers['x-cache']).toBe('hit')
    expect(String(plain.headers.vary ?? '')).not.toMatch(/forward/i)
    // Straight to the balancer, past Varnish, changes nothing either.
    expect(titleOf(await get(haproxy.url, path, VICTIM, forged))).toBe(victimTitle)
  })

  it('tells the upstream the visitor’s own address, and the scheme of the connection, whatever the visitor forged', async () => {
    upstream.forwardedFor.length = 0
    const cookies = await signIn(front, FORGED_CLIENT)
    expect(cookies.length).toBeGreaterThan(0)
    // A forged https would have marked the session cookie Secure.
    for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*Secure/i)
    // Past Varnish, straight to the balancer, the same.
    await signIn(haproxy.url, FORGED_CLIENT)
    expect(upstream.forwardedFor).toEqual([VISITOR_ADDRESS, VISITOR_ADDRESS])
  })

  it('drops a visitor’s traceparent and tracestate at the edge: the instance starts its own trace', async () => {
    upstream.traceparents.length = 0
    await signIn(front, FORGED_TRACE)
    const [sent] = upstream.traceparents
    expect(sent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)
    expect(sent).not.toContain(FORGED_TRACE_ID)
    const ownTrace = sent?.split('-')[1]
    await receiver.until(() => receiver.jsonSpans().some((span) => span.traceId === ownTrace && span.kind === 2))
    expect(receiver.jsonSpans().filter((span) => span.traceId === FORGED_TRACE_ID)).toEqual([])
  })
})
