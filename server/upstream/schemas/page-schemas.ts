import { z } from 'zod'
import {
  PAGE_TYPES,
  type PageSummary,
  type PageType,
  type ShowPath,
  type SiteConfig,
  type SitePageConfig,
} from '../../../shared/types.ts'
import {
  CUSTOM_CONTENT_TYPES,
  MODULE_TYPES,
  type CustomPageConfig,
  type LandModule,
  type LandPageConfig,
  type ListPageConfig,
  type NavPageConfig,
  type NavSite,
  type OutlineNode,
  type OutlinePageConfig,
  type ResourcePageConfig,
  type RssPageConfig,
  type RssSource,
  type UgcPostPageConfig,
} from '../../../shared/content-types.ts'
import {
  flag,
  id,
  isRecord,
  dropInvalid,
  lenientObject,
  list,
  num,
  numberChoice,
  paged,
  requiredObject,
  text,
} from './schema-helpers.ts'
import { siteConfigSchema, sitePageConfigSchema } from './site-schemas.ts'

/** Page listings and the per-page-type `page_config` shapes (docs/API.md "Shapes"). */

const showPathSchema: z.ZodType<ShowPath> = requiredObject(
  z.object({ page_id: id, page_path: text, page_type: z.enum(PAGE_TYPES), group_path: text, title: text }),
  { page_path: '', group_path: '', title: '' },
)

/** `/v1/site_admin/show_path/get`. Rows with an unknown page type cannot be routed and are dropped. */
export const showPathRowsSchema: z.ZodType<{ rows: ShowPath[] }> = lenientObject(
  z.object({ rows: dropInvalid(showPathSchema) }),
)

/** `/v1/site_page/web_get`. */
export const webGetReplySchema: z.ZodType<{ site_config: SiteConfig; site_page_config: SitePageConfig | null }> =
  requiredObject(z.object({ site_config: siteConfigSchema, site_page_config: sitePageConfigSchema.nullable() }), {
    site_page_config: null,
  })

/** `/v1/site_page/web_get` when only the page matters (the site config is loaded and checked separately). */
export const webGetPageSchema: z.ZodType<{ site_page_config: SitePageConfig | null }> = requiredObject(
  z.object({ site_page_config: sitePageConfigSchema.nullable() }),
  { site_page_config: null },
)

const pageSummarySchema: z.ZodType<PageSummary> = requiredObject(
  z.object({
    page_id: id,
    page_path: text,
    page_type: z.enum(PAGE_TYPES),
    group_path: text,
    title: text,
    description: text,
    cover: text.optional(),
    updated_at: num,
  }),
  { page_path: '', group_path: '', title: '', description: '', updated_at: 0 },
)

/** `/v1/site_page/list`. */
export const pageSummaryListSchema = paged(pageSummarySchema)

const navSiteSchema: z.ZodType<NavSite> = requiredObject(
  z.object({
    title: text,
    url: text,
    icon: text,
    description: text,
    is_show: flag,
    tags: dropInvalid(text).optional(),
    pricing: text.optional(),
  }),
  { title: '', url: '', icon: '', description: '', is_show: 1 },
)

/** nav and ai pages. */
export const navPageConfigSchema: z.ZodType<NavPageConfig> = lenientObject(
  z.object({
    intro: text.optional(),
    groups: list(
      requiredObject(
        z.object({
          group_name: text,
          tabs: list(requiredObject(z.object({ tab_name: text, sites: dropInvalid(navSiteSchema) }), { tab_name: '' })),
        }),
        { group_name: '' },
      ),
    ),
  }),
  { groups: [] },
)

export const customPageConfigSchema: z.ZodType<CustomPageConfig> = requiredObject(
  z.object({ content_type: z.enum(CUSTOM_CONTENT_TYPES), content: text }),
  { content: '' },
)

const rssSourceSchema: z.ZodType<RssSource> = requiredObject(
  z.object({ rss_id: id, rss_name: text, logo: text, description: text }),
  { rss_name: '', logo: '', description: '' },
)
export const rssPageConfigSchema: z.ZodType<RssPageConfig> = lenientObject(
  z.object({ rss_ids: list(id), sources: dropInvalid(rssSourceSchema) }),
  { rss_ids: [], sources: [] },
)

const landModuleSchema: z.ZodType<LandModule> = requiredObject(
  z.object({
    id,
    type: z.enum(MODULE_TYPES),
    is_show: flag,
    title: text.optional(),
    subtitle: text.optional(),
    // Module data varies by type; the module component checks what it reads.
    data: z.preprocess((value) => (isRecord(value) ? value : {}), z.record(z.string(), z.unknown())),
  }),
  { is_show: 1, data: {} },
)
/** land pages. Modules of an unknown type are dropped (a newer backend may add types). */
export const landPageConfigSchema: z.ZodType<LandPageConfig> = lenientObject(
  z.object({
    theme: numberChoice([0, 1, 2], 0),
    banner_style: numberChoice([0, 1], 0),
    modules: dropInvalid(landModuleSchema),
  }),
  { theme: 0, banner_style: 0, modules: [] },
)

export const listPageConfigSchema: z.ZodType<ListPageConfig> = lenientObject(
  z.object({
    group_id: text.optional(),
    page_type: z.enum(PAGE_TYPES).optional().catch(undefined),
    style: numberChoice([1, 2, 3], 1),
  }),
  { style: 1 },
)

export const resourcePageConfigSchema: z.ZodType<ResourcePageConfig> = lenientObject(
  z.object({ mode: numberChoice([1, 2], 1), hot_kind: numberChoice([1, 2], 1), style: numberChoice([1, 2, 3], 1) }),
  { mode: 1, hot_kind: 1, style: 1 },
)

const outlineNodeSchema: z.ZodType<OutlineNode> = requiredObject(
  z.object({
    id,
    title: text,
    path: text,
    content: text.optional(),
    get children() {
      return list(outlineNodeSchema).optional()
    },
  }),
  { title: '', path: '' },
)
export const outlinePageConfigSchema: z.ZodType<OutlinePageConfig> = lenientObject(
  z.object({ outline: list(outlineNodeSchema) }),
  { outline: [] },
)

export const ugcPostPageConfigSchema: z.ZodType<UgcPostPageConfig> = lenientObject(
  z.object({ category_id: text.optional() }),
)

/** The `page_config` type of each page type. */
interface PageConfigByType {
  nav: NavPageConfig
  ai: NavPageConfig
  custom: CustomPageConfig
  rss: RssPageConfig
  land: LandPageConfig
  list: ListPageConfig
  resource: ResourcePageConfig
  outline: OutlinePageConfig
  ugc_post: UgcPostPageConfig
}

/** The schema that checks `page_config` for each page type. */
export const pageConfigSchemas: { [K in PageType]: z.ZodType<PageConfigByType[K]> } = {
  nav: navPageConfigSchema,
  ai: navPageConfigSchema,
  custom: customPageConfigSchema,
  rss: rssPageConfigSchema,
  land: landPageConfigSchema,
  list: listPageConfigSchema,
  resource: resourcePageConfigSchema,
  outline: outlinePageConfigSchema,
  ugc_post: ugcPostPageConfigSchema,
}
