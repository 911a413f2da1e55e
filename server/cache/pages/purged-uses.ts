import type { PurgeScope } from '../purge/purge-scope.ts'
import type { Used } from './read-render.ts'

/**
 * The upstream answers a purge drops along with a page it covers: a tag purge those that carried
 * one of its tags, any other purge all the page was built from.
 */
export function purgedUses(scope: PurgeScope, uses: Used): string[] {
  const purgedTags = scope.tags
  return uses.keys
    .filter(([, tags]) => purgedTags === undefined || tags.some((tag) => purgedTags.includes(tag)))
    .map(([key]) => key)
}
