/** Page numbers above this are refused: no list is that long, and crawlers should not walk forever. */
export const MAX_PAGE = 1000

// Digits only: no sign, leading zero, exponent or blanks, so one page has one address.
const PAGE_NUMBER = /^[1-9]\d{0,3}$/

/** A page number written as a positive integer up to {@link MAX_PAGE}, else null. */
export function toPageNumber(raw: string): number | null {
  if (!PAGE_NUMBER.test(raw)) return null
  const page = Number(raw)
  return page <= MAX_PAGE ? page : null
}

/** How many pages `total` items fill at `pageSize` a page (at least one, at most {@link MAX_PAGE}). */
export function pageCount(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 1
  return Math.min(Math.ceil(total / pageSize), MAX_PAGE)
}
