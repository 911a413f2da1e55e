import { MAX_SERVED_PROMOS, PROMO_HIDDEN_KEY } from './promo-keys.ts'
import type { PromoView } from './promo-rules.ts'

/** One promo as the head script judges it: title, start and end (seconds). */
type PromoWindow = [title: string, startS: number, endS: number]

/**
 * The index of the promo to show among `windows` (already switched on, renderable and open while the page is served), or -1: the
 * first inside its time window whose title has no hidden record younger than 24 hours (SPEC §4).
 * The same rule as selectPromo, written self-contained because the head script carries its source
 * text: it runs before any bundle, so it can import nothing and must stay plain ES2015.
 */
function firstEligiblePromo(windows: PromoWindow[], nowMs: number, storedHidden: string | null): number {
  var hidden: Record<string, true> = {}
  try {
    const records: unknown = JSON.parse(storedHidden || '[]')
    if (Array.isArray(records)) {
      for (let i = 0; i < records.length; i++) {
        const record = records[i] as { title?: unknown; hidden_time?: unknown } | null
        if (record === null || typeof record !== 'object') continue
        const at = record.hidden_time
        if (
          typeof record.title === 'string' &&
          typeof at === 'number' &&
          Number.isFinite(at) &&
          at <= nowMs &&
          nowMs - at < 86400000
        )
          hidden[record.title] = true
      }
    }
  } catch (_unreadable) {
    // Unreadable records hide nothing (a catch binding: optional ones came after ES2015).
  }
  for (let j = 0; j < windows.length; j++) {
    const promo = windows[j]
    if (promo !== undefined && nowMs / 1000 >= promo[1] && nowMs / 1000 <= promo[2] && hidden[promo[0]] !== true)
      return j
  }
  return -1
}

/** The rule's source text, taken once: every page with promos carries it. */
const RULE_SOURCE = firstEligiblePromo.toString()

/** For tests: the head script's rule as a function. */
export const eligiblePromoIndex = (promos: readonly PromoView[], nowMs: number, storedHidden: string | null): number =>
  firstEligiblePromo(
    promos.map((promo) => [promo.title, promo.start_ts, promo.end_ts]),
    nowMs,
    storedHidden,
  )

/**
 * A head script that marks `<html data-promo="N">` before the first paint with the index of the
 * promo the visitor should see, so the server's pop-up paints with the page (no pop-in, no layout
 * work after hydration, never a promo the visitor closed). Storage may be unavailable.
 */
export function promoHeadScript(promos: readonly PromoView[]): string {
  const windows = promos
    .slice(0, MAX_SERVED_PROMOS)
    .map((promo): PromoWindow => [promo.title, promo.start_ts, promo.end_ts])
  const data = JSON.stringify(windows)
  return `try{var i=(${RULE_SOURCE})(${data},Date.now(),localStorage.getItem(${JSON.stringify(PROMO_HIDDEN_KEY)}));if(i>=0)document.documentElement.setAttribute("data-promo",String(i))}catch(e){}`
}
