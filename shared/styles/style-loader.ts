import type { StyleGroup } from './style-groups.ts'

type StyleLoader = (groups: readonly StyleGroup[]) => Promise<void>

let loader: StyleLoader | null = null

/**
 * Installed by the browser entry (client/style-sheets.ts). Without one (the server, tests) there is
 * nothing to load: the server writes a page's stylesheets into its head.
 */
export function setStyleLoader(next: StyleLoader | null): void {
  loader = next
}

/** Resolves once the given stylesheets apply to the document. */
export function ensureStyles(groups: readonly StyleGroup[]): Promise<void> {
  return loader === null || groups.length === 0 ? Promise.resolve() : loader(groups)
}
