/** The pace of the calls one instance makes to one CDN, whichever purges they carry. */
export interface CallRate {
  /**
   * Books the next call: the time it may be sent (now, or later when the pace is used up), or null
   * when that is past `notAfter` (nothing is booked then).
   */
  book(notAfter: number): number | null
  /** Nothing is sent before `at` (the CDN answered 429 with `Retry-After`); calls go one by one after it. */
  holdUntil(at: number): void
}

export interface CallRateOptions {
  /** Calls a minute, sustained (CDN_PURGE_CALLS_PER_MINUTE). */
  perMinute: number
  /** Calls that may go at once after a quiet spell. */
  burst: number
  now?: () => number
}

/**
 * A token bucket kept as one number (the generic cell rate algorithm: the time the bucket is next
 * empty), so a flood of purges costs no queue: each call is given its time to go, and a call whose
 * time is past its purge's deadline is not booked at all. CDNs meter purge calls the same way
 * (Cloudflare: a bucket of 25 at 5 a minute on the Free plan, its purge-cache guide).
 */
export function createCallRate(options: CallRateOptions): CallRate {
  const now = options.now ?? Date.now
  const interval = 60_000 / options.perMinute
  const tolerance = interval * Math.max(0, options.burst - 1)
  let emptyAt = Number.NEGATIVE_INFINITY
  return {
    book(notAfter) {
      const at = Math.max(now(), emptyAt - tolerance)
      if (at > notAfter) return null
      emptyAt = Math.max(emptyAt, at) + interval
      return at
    },
    holdUntil(at) {
      emptyAt = Math.max(emptyAt, at + tolerance)
    },
  }
}
