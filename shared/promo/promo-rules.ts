import type { Promo } from '../content-types.ts'

/** What the page needs of a promo (SPEC §3 "Promo"); times in seconds, as the upstream sends them. */
export type PromoView = Pick<
  Promo,
  'title' | 'url' | 'img_url' | 'type' | 'position' | 'allowed_close' | 'is_show' | 'start_ts' | 'end_ts'
> & {
  description: string
}

/** A promo the visitor closed (SPEC §3 "Hidden promo record"); `hidden_time` in milliseconds. */
export interface HiddenPromo {
  title: string
  hidden_time: number
}

/** SPEC §9: a closed promo stays hidden for 24 hours. */
const PROMO_HIDDEN_MS = 24 * 60 * 60 * 1000

/** Bottom right, the one position this front end renders (SPEC §4). */
const PROMO_POSITION_BOTTOM_RIGHT = 2
/** Picture (1) and text (2); picture-and-text (3) and the other positions are parsed but not shown. */
const RENDERED_TYPES: ReadonlySet<number> = new Set([1, 2])

// Whether this front end has a place for the promo at all (independent of time and visitor).
function isRenderablePromo(promo: Pick<Promo, 'type' | 'position'>): boolean {
  return promo.position === PROMO_POSITION_BOTTOM_RIGHT && RENDERED_TYPES.has(promo.type)
}

/** What the server reads of a promo to decide whether a page carries it. */
type PromoCandidate = Pick<Promo, 'is_show' | 'type' | 'position' | 'start_ts' | 'end_ts'>

/**
 * The promos a page rendered at `nowMs` carries as candidates (SPEC §4), in upstream order: switched
 * on, renderable here, and with a window still open now or opening while the page may still be
 * answered (`lifetimeMs`, how long caches may serve it). A promo that has ended, never opens, or
 * opens only after the page is gone never reaches the markup, the hydration data or the payload;
 * which candidate shows is still decided by the browser, with its own clock and hidden records.
 */
export function servablePromos<T extends PromoCandidate>(promos: readonly T[], nowMs: number, lifetimeMs: number): T[] {
  const nowS = nowMs / 1000
  const horizonS = (nowMs + Math.max(0, lifetimeMs)) / 1000
  return promos.filter(
    (promo) =>
      promo.is_show === 1 &&
      isRenderablePromo(promo) &&
      promo.start_ts <= promo.end_ts &&
      promo.end_ts >= nowS &&
      promo.start_ts <= horizonS,
  )
}

/** Whether a hidden record still hides promos with its title at `nowMs`. */
function isHiddenRecordActive(record: HiddenPromo, nowMs: number): boolean {
  return nowMs - record.hidden_time < PROMO_HIDDEN_MS && record.hidden_time <= nowMs
}

/**
 * The promo to show (SPEC §4): the first one, in upstream order, that is switched on, inside its
 * `start_ts`–`end_ts` window, renderable here and not hidden by a record younger than 24 hours.
 * Renderability counts as eligibility, so a banner promo elsewhere never crowds out the pop-up.
 */
export function selectPromo(
  promos: readonly PromoView[],
  nowMs: number,
  hidden: readonly HiddenPromo[],
): PromoView | null {
  const nowS = nowMs / 1000
  const hiddenTitles = new Set(
    hidden.filter((record) => isHiddenRecordActive(record, nowMs)).map((record) => record.title),
  )
  for (const promo of promos) {
    if (promo.is_show !== 1) continue
    if (nowS < promo.start_ts || nowS > promo.end_ts) continue
    if (!isRenderablePromo(promo)) continue
    if (hiddenTitles.has(promo.title)) continue
    return promo
  }
  return null
}

/**
 * Hidden records from their stored form (localStorage text, written by anyone): anything that is
 * not a list of `{title: string, hidden_time: finite number}` is ignored; stale records are dropped.
 */
export function parseHiddenPromos(raw: string | null, nowMs: number): HiddenPromo[] {
  if (raw === null) return []
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(value)) return []
  const records: HiddenPromo[] = []
  for (const item of value) {
    if (item === null || typeof item !== 'object') continue
    const { title, hidden_time } = item as Record<string, unknown>
    if (typeof title !== 'string' || typeof hidden_time !== 'number' || !Number.isFinite(hidden_time)) continue
    const record = { title, hidden_time }
    if (isHiddenRecordActive(record, nowMs)) records.push(record)
  }
  return records
}

/** The records after closing `title` at `nowMs`: one record per title, stale ones gone. */
export function hidePromo(records: readonly HiddenPromo[], title: string, nowMs: number): HiddenPromo[] {
  return [
    ...records.filter((record) => record.title !== title && isHiddenRecordActive(record, nowMs)),
    { title, hidden_time: nowMs },
  ]
}
