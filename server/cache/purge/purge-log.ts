import { coversPage, type PurgeScope } from './purge-scope.ts'

/** Purges remembered to judge the renders running across them; a render older than all of them is not kept. */
const REMEMBERED_PURGES = 1000

/**
 * The purges of this instance, numbered: a render notes the number current when it starts, and is
 * not kept when a purge since then covers its page (one of another page is, or a stream of purges
 * would keep nothing).
 */
export interface PurgeLog {
  /** The number of the latest purge (0 before any): what a render starting now notes. */
  readonly current: number
  record(scope: PurgeScope): void
  /**
   * Whether a purge after `startedIn` covers the page under `key`. A tag purge covers every page of
   * its tenant, since what a running render read may have carried the tag; when the purges since
   * `startedIn` are no longer all remembered, the answer is yes.
   */
  coversSince(startedIn: number, key: string): boolean
}

export function createPurgeLog(remembered = REMEMBERED_PURGES): PurgeLog {
  let current = 0
  const recent: { number: number; scope: PurgeScope }[] = []
  return {
    get current() {
      return current
    },
    record(scope) {
      current += 1
      recent.push({ number: current, scope })
      if (recent.length > remembered) recent.shift()
    },
    coversSince(startedIn, key) {
      if (startedIn === current) return false
      const oldest = recent[0]
      if (oldest === undefined || oldest.number > startedIn + 1) return true
      return recent.some((purge) => purge.number > startedIn && coversPage(purge.scope, key, null))
    },
  }
}
