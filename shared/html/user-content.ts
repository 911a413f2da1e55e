/**
 * The prefix of every `id` and `name` in HTML that sites and visitors write (GitHub's convention):
 * a written element can then never carry a name the page's own code looks up (`root`,
 * `__hydration`, a form field), nor clobber a global through `name` (docs/security.md "Written HTML").
 */
export const USER_CONTENT_PREFIX = 'user-content-'
