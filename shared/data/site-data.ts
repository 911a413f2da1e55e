import type { PageDataBase } from './page-head.ts'

/** `/disclaimer` and `/announcement`: one block of site text, already sanitised to HTML on the server. */
export interface TextPageData extends PageDataBase {
  kind: 'text'
  page: 'disclaimer' | 'announcement'
  /** Safe HTML (rendered from the site's markdown by the loader). */
  html: string
}

/** One entry of the links page; URLs are checked to be http(s) by the loader. */
export interface SiteLinkEntry {
  name: string
  url: string
  /** Shown only when it is an http(s) image URL; '' otherwise. */
  logo: string
  description: string
  host: string
}

/** `/links`: the site's link groups (`/v1/links/get`). Empty groups are dropped. */
export interface LinksPageData extends PageDataBase {
  kind: 'links'
  groups: { name: string; links: SiteLinkEntry[] }[]
}

/** `/goto?url=…`: the outbound-link interstitial. Only built for safe absolute http(s) URLs. */
export interface GotoPageData extends PageDataBase {
  kind: 'goto'
  /** The destination, normalised by the URL parser. */
  url: string
  /** The destination host, shown prominently so the visitor knows where they are going. */
  host: string
  /** Countdown before the browser follows the link. */
  seconds: number
}

/** One feedback message with the site's reply, if any. */
export interface FeedbackEntry {
  id: string
  content: string
  reply: string
  /** Seconds since the epoch. */
  createdAt: number
}

/** `/feedback`, `/feedback/:p` (the list) and `/feedback/sub` (the form on its own). */
export interface FeedbackPageData extends PageDataBase {
  kind: 'feedback'
  view: 'list' | 'form'
  /** The list page shown; 1 on the form view. */
  page: number
  /** Number of list pages (at least 1). */
  pages: number
  total: number
  rows: FeedbackEntry[]
  /** The site's feedback form (submitted to `/v1/feedback/submit`). */
  form: { formId: string; items: import('../content-types.ts').FormItem[] }
}

/** Router path of a feedback list page: page 1 is `/feedback` itself. */
export function feedbackListPath(page: number): string {
  return page <= 1 ? '/feedback' : `/feedback/${page}`
}
