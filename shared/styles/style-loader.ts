import { createContext, useContext } from 'react'
import type { StyleGroup } from './style-groups.ts'

/** Resolves once the given stylesheets apply to the document. */
export type StyleLoader = (groups: readonly StyleGroup[]) => Promise<void>

/** Nothing to load: the server writes a page's stylesheets into its head (and tests render without any). */
export const noStyleLoader: StyleLoader = () => Promise.resolve()

/**
 * The style loader of this page's app: the browser entry provides one (client/style-sheets.ts) to
 * its route table and its components; without a provider there is nothing to load.
 */
export const StyleLoaderContext = createContext<StyleLoader>(noStyleLoader)

/** The style loader components load on-demand chunks' stylesheets with. */
export function useStyleLoader(): StyleLoader {
  return useContext(StyleLoaderContext)
}
