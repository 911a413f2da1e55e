// Every time the upstream sends (`created_at`, `updated_at`, `published_at`) is
// seconds since the epoch (docs/decisions/0018-upstream-times.md). This is the one place that turns
// such a number into a date; whatever the upstream sends, a caller gets a real date or null.

/** Larger values are past what a JavaScript Date holds (±8.64e15 ms). */
const MAX_SECONDS = 8.64e12

/** Whether `seconds` is a moment a page can show: finite, after the epoch, within a Date's range. */
export function isUpstreamTime(seconds: number): boolean {
  return Number.isFinite(seconds) && seconds > 0 && seconds < MAX_SECONDS
}

/** The moment `seconds` since the epoch names, or null when it is no usable time (0, negative, NaN, huge). */
export function dateOfSeconds(seconds: number): Date | null {
  return isUpstreamTime(seconds) ? new Date(seconds * 1000) : null
}
