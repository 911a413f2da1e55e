import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { type AdmittedRequest, isApiTarget, readRequestFacts } from '../http/request-facts.ts'
import type { ProxyTrust } from '../http/trusted-forwarding.ts'
import { traceRequest } from '../telemetry/tracing.ts'
import { createHostDecisions } from '../tenant/host-decision.ts'

/** Node's request and response, as @hono/node-server hands them to the app (absent under `app.request()`). */
interface NodeBindings {
  incoming?: IncomingMessage
  outgoing?: ServerResponse
}

/** What the app behind the door receives with each request: Node's objects, if any, and the door's record. */
type FrontBindings = NodeBindings & { admitted: AdmittedRequest }

export interface FrontDoorOptions {
  /** The app behind the door (the Hono app's fetch). */
  app: (request: Request, env: FrontBindings) => Response | Promise<Response>
  /** How far forwarding headers are believed (TRUST_PROXY, TRUST_FORWARDED_HOST). */
  proxyTrust: ProxyTrust
  /**
   * Answers a request on Node's response from what the door found, before any web Request exists
   * (the HTML cache's hit writer), or returns false and leaves it to the app untouched. Having
   * taken it, it may still hand it to the app with `decline`, as long as it has written nothing.
   */
  answerBeforeApp?: ((admitted: AdmittedRequest, outgoing: ServerResponse, decline: () => void) => boolean) | undefined
}

/** The one way into the app, from a socket or from a web Request. */
export interface FrontDoor {
  /** Node's request listener (lifecycle/http-server.ts): the door, `answerBeforeApp`, then the app. */
  listener: RequestListener
  /** The web entry (`app.request()`, tests): the same door, then the app. */
  fetch: (request: Request, env?: NodeBindings) => Response | Promise<Response>
}

/**
 * Every request enters here: its facts are read once (http/request-facts.ts) and its host decided
 * once (tenant/host-decision.ts), and that record travels with it as `c.env.admitted`, whether
 * `answerBeforeApp` answers it on Node's response or the app does.
 */
export function createFrontDoor(options: FrontDoorOptions): FrontDoor {
  const { app, proxyTrust, answerBeforeApp } = options
  const hosts = createHostDecisions()
  const enter = (request: IncomingMessage | Request): AdmittedRequest => {
    const facts = readRequestFacts(request, proxyTrust)
    return { facts, host: hosts.decide(facts.host), api: isApiTarget(facts.target) }
  }
  // A request the listener let through reaches `fetch` as a web Request built from Node's: its
  // record is kept here until then, so the app reads the facts the door read.
  const entered = new WeakMap<IncomingMessage, AdmittedRequest>()

  function fetch(request: Request, env: NodeBindings = {}): Response | Promise<Response> {
    const { incoming } = env
    const known = incoming && entered.get(incoming)
    if (known) return app(request, { ...env, admitted: known })
    const admitted = enter(incoming ?? request)
    return traceRequest(admitted, incoming ?? request, proxyTrust, env.outgoing, () =>
      app(request, { ...env, admitted }),
    )
  }

  // Built at the first request: @hono/node-server swaps the global Request and Response when it
  // builds a listener, which an app only ever asked through `fetch` (as in tests) does without.
  let toApp: RequestListener | undefined
  function listener(incoming: IncomingMessage, outgoing: ServerResponse): void {
    const admitted = enter(incoming)
    traceRequest(admitted, incoming, proxyTrust, outgoing, () => {
      const toTheApp = () => {
        entered.set(incoming, admitted)
        toApp ??= getRequestListener((request, env) => fetch(request, env as NodeBindings))
        void toApp(incoming, outgoing)
      }
      if (!answerBeforeApp?.(admitted, outgoing, toTheApp)) toTheApp()
    })
  }

  return { listener, fetch }
}
