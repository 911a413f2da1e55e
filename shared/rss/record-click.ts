/** What `/v1/rss_page_add_hot` records for one click (API.md). */
export interface RssClick {
  page_path: string
  title: string
  link: string
  rss_name: string
}

/** The same-origin proxy path of the call. */
const RSS_CLICK_URL = '/api/v1/rss_page_add_hot'

/**
 * Records a click on an RSS item without holding up the navigation: `sendBeacon` queues the
 * request so it survives the page being left, and `fetch` with `keepalive` does the same where
 * beacons are missing or refused. Failures are ignored: a lost count never bothers the visitor.
 * Browser only (click handlers).
 */
export function recordRssClick(click: RssClick): void {
  const body = JSON.stringify(click)
  try {
    if (
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(RSS_CLICK_URL, new Blob([body], { type: 'application/json' }))
    )
      return
  } catch {
    // Some browsers throw for beacons they refuse; fall through to fetch.
  }
  void fetch(RSS_CLICK_URL, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
  }).catch(() => {})
}
