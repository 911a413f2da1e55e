/**
 * The Cache-Control of a stale copy (a kept page answered past its fresh window, or one a purge
 * marked stale, while it is rendered again): the page's own, with a shared lifetime of 0, so a CDN
 * that stores it may go on serving it (stale-while-revalidate) but fetches again at once, and takes
 * the new page as soon as the instance has it. With the page's `s-maxage` instead, a CDN would keep
 * the old page as fresh for that long after a purge (RFC 9111 §5.2.2.10: s-maxage over max-age).
 */
export function staleCopyCacheControl(cacheControl: string): string {
  const directives = cacheControl
    .split(',')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !/^s-maxage\s*(=|$)/i.test(directive))
  const maxAge = directives.findIndex((directive) => /^max-age\s*(=|$)/i.test(directive))
  directives.splice(maxAge === -1 ? directives.length : maxAge + 1, 0, 's-maxage=0')
  return directives.join(', ')
}
