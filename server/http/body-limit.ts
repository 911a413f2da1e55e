/**
 * The largest request body the server takes when BODY_LIMIT_BYTES is unset: 1 MiB, for a form post
 * and for a same-origin API call alike (a post's text is the largest thing either carries).
 */
export const DEFAULT_BODY_LIMIT_BYTES = 1_048_576
