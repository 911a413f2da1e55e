import type { PromoView } from './promo-rules.ts'

/**
 * Data of the pathless `main` route, around every page: the promos of the page's section. They
 * travel with the page's loader data (hydration data and `_payload.json`), so a client-side
 * navigation to another section brings that section's promos along.
 */
export interface MainData {
  /** Upstream order; only the servable ones (switched on, renderable, open while the page is served: servablePromos). */
  promos: PromoView[]
}
