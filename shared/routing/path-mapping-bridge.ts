/** Router path → mapped browser path: the longest matching `from` prefix becomes its `to`. */
export function applyPathMapping(path: string, mapping: { from: string; to: string }[]): string {
  for (const { from, to } of mapping) {
    if (path === from) return to
    if (path.startsWith(from) && path.charAt(from.length) === '/') return to + path.slice(from.length)
  }
  return path
}
