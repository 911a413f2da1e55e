// Apart from the head script's module, whose rule source (kept as text at import) the browser bundle does not need.

/** localStorage key of the hidden promo records (SPEC §3 "Hidden promo record"). */
export const PROMO_HIDDEN_KEY = 'promo_hidden'

/** The most promos the server writes into a page (the stylesheet has a rule for each place). */
export const MAX_SERVED_PROMOS = 5
