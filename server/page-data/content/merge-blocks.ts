import {
  toPublicFooter,
  toPublicHeader,
  toPublicPendant,
  toPublicSearch,
  type SiteBlocks,
} from '../../../shared/data/public-site.ts'
import type { SiteConfig, SitePageConfig } from '../../../shared/types.ts'

/**
 * The header, footer, pendant and search blocks of a page after the page's own blocks are merged in
 * (API.md "Merge"): a page block replaces the site block when its `enable_custom_*` flag is 1, and the
 * resulting block's `is_enable` decides whether it renders. Returns undefined when the page customises
 * nothing, so the frame keeps using the site blocks it already has (and the payload stays small).
 */
export function mergePageBlocks(site: SiteConfig, page: SitePageConfig): SiteBlocks | undefined {
  const header = page.header_config?.enable_custom_header === 1 ? page.header_config : undefined
  const footer = page.footer_config?.enable_custom_footer === 1 ? page.footer_config : undefined
  const pendant = page.pendant_config?.enable_custom_pendant === 1 ? page.pendant_config : undefined
  const search = page.search_config?.enable_custom_search === 1 ? page.search_config : undefined
  if (!header && !footer && !pendant && !search) return undefined
  // A page block may leave fields out; those keep the site's value so the block stays complete.
  return {
    header: toPublicHeader({ ...site.header_config, ...header }),
    footer: toPublicFooter({ ...site.footer_config, ...footer }),
    pendant: toPublicPendant({ ...site.pendant_config, ...pendant }),
    search: toPublicSearch({ ...site.search_config, ...search }),
  }
}
