/** What a caller tells the upstream about the visitor's request, sent as the transport headers (docs/API.md "Transport"). */
export interface UpstreamCallContext {
  userAgent: string
  referer: string
  /** The tenant host (lower-case, no port); the upstream resolves the site from it. */
  appDomain: string
  siteId?: string
  cookie?: string
  /** The visitor request's id, sent as `x-request-id` so upstream logs can be joined with ours. */
  requestId?: string
  /**
   * The visitor's address (RequestFacts.clientAddress), sent as the whole of `X-Forwarded-For` so the
   * upstream can apply its own limits; calls made for no one visitor (page data, site configs) have none.
   */
  forwardedFor?: string
  signal?: AbortSignal
}
