/**
 * Whether a source URL names one fixed content, so that its optimised copy may be cached for a year
 * as `immutable`: its file name or a query value holds a hash-like token (at least 8 hex digits
 * mixing letters and digits, as build tools and upload stores write them: `logo.3f9a1c2b.png`,
 * `/u/9f86d081884c7d65.jpg`, `?v=5e2a9d01`). Dates and counters (digits only) do not count.
 */
export function hasContentHash(source: URL): boolean {
  const fileName = source.pathname.slice(source.pathname.lastIndexOf('/') + 1)
  const candidates = [fileName, ...source.searchParams.values()]
  return candidates.some((text) => (text.match(/(?<![0-9a-z])[0-9a-f]{8,}(?![0-9a-z])/gi) ?? []).some(isHashLike))
}

function isHashLike(token: string): boolean {
  return /[a-f]/i.test(token) && /[0-9]/.test(token)
}
