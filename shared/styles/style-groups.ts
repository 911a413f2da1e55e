/**
 * The stylesheets of the browser bundle, one per file in client/styles/sheets/ (build.mjs builds
 * each on its own; the manifest names them under `styles`). Listed in cascade order: a page's
 * sheets are always applied in this order, whichever it loads first.
 *
 * `common` is on every page (tokens, reset, frame, header, account slot, site-wide overlays); a
 * page kind adds the sheets its route declares (shared/routes.tsx); `account-dialog` comes with
 * the sign-in dialog's chunk.
 */
export const STYLE_GROUPS = [
  'common',
  'content',
  'pagination',
  'resource',
  'post',
  'site',
  'forms',
  'account-dialog',
] as const

export type StyleGroup = (typeof STYLE_GROUPS)[number]

/** The sheets a page needs: `common` and every group asked for, once each, in cascade order. */
export function pageStyleGroups(asked: Iterable<readonly StyleGroup[] | undefined>): StyleGroup[] {
  const wanted = new Set<StyleGroup>(['common'])
  for (const groups of asked) for (const group of groups ?? []) wanted.add(group)
  return STYLE_GROUPS.filter((group) => wanted.has(group))
}

export function isStyleGroup(value: string): value is StyleGroup {
  return (STYLE_GROUPS as readonly string[]).includes(value)
}
