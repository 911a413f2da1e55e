import { PAYLOAD_SUFFIX } from '../shared/rules/payload-path.ts'
import { data, redirect, redirectDocument } from 'react-router'
import type { PageDataSource } from '../shared/data/page-data.ts'
import { parsePayloadBody, reviveRouteData, type PayloadBody } from './hydration.ts'

/** How long a prefetched payload may wait for its click. */
const PREFETCH_TTL_MS = 30_000

interface Entry {
  promise: Promise<PayloadBody>
  at: number
}

export interface PayloadSource extends PageDataSource {
  /** Starts fetching the payload of a visitor address once (hover / focus). */
  prefetch(href: string): void
}

/** `<page path>/_payload.json`, query kept (SPEC §1 "Prerendered pages fetch a per-page JSON payload"). */
function payloadUrl(href: string): string {
  const url = new URL(href, window.location.origin)
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '')
  return `${path}${PAYLOAD_SUFFIX}${url.search}`
}

/**
 * The browser's page data source: one fetch per page address, shared by all route loaders of that
 * navigation and by an earlier hover prefetch.
 */
export function createPayloadSource(toRouterPathname: (pathname: string) => string): PayloadSource {
  const entries = new Map<string, Entry>()

  function fetchPayload(url: string): Promise<PayloadBody> {
    const existing = entries.get(url)
    if (existing && Date.now() - existing.at < PREFETCH_TTL_MS) return existing.promise
    const promise = fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' }).then(
      async (response) => {
        return parsePayloadBody(await response.json())
      },
    )
    entries.set(url, { promise, at: Date.now() })
    // A failed fetch must not poison later attempts.
    promise.catch(() => entries.delete(url))
    return promise
  }

  return {
    prefetch(href) {
      fetchPayload(payloadUrl(href)).catch(() => {})
    },
    async load(routeId, { request }) {
      const url = payloadUrl(request.url)
      let body: PayloadBody
      try {
        body = await fetchPayload(url)
      } catch {
        throw data({ message: null, reason: 'fetch-failed' }, { status: 503 })
      } finally {
        // Consumed by this navigation; a later visit fetches fresh data.
        setTimeout(() => entries.delete(url), 0)
      }
      if (body.redirect && body.document) throw redirectDocument(new URL(body.redirect, window.location.origin).href)
      // The server redirects to visitor addresses; the router navigates by router paths.
      if (body.redirect) throw redirect(toRouterHref(body.redirect, toRouterPathname), body.status)
      const error = body.errors?.[routeId]
      if (error) throw data(error.data ?? null, { status: error.status ?? 500 })
      // Payloads leave the root's data out (it never revalidates): only a page whose root failed
      // asks for it, and gets it with the whole document.
      if (routeId === 'root' && body.loaderData?.root === undefined) throw redirectDocument(request.url)
      return reviveRouteData(routeId, body)
    },
  }
}

function toRouterHref(href: string, toRouterPathname: (pathname: string) => string): string {
  const cut = href.search(/[?#]/)
  return cut === -1 ? toRouterPathname(href) : toRouterPathname(href.slice(0, cut)) + href.slice(cut)
}
