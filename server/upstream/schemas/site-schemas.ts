import { z } from 'zod'
import {
  ASIDE_KINDS,
  LANGUAGES,
  LOGIN_WAYS,
  PAGE_TYPES,
  TDK_KEYS,
  type AsideEntry,
  type FooterConfig,
  type GlobalConfig,
  type HeaderConfig,
  type MenuItem,
  type Pendant,
  type PendantConfig,
  type SearchConfig,
  type SiteConfig,
  type SitePageConfig,
  type Tdk,
} from '../../../shared/types.ts'
import {
  flag,
  id,
  dropInvalid,
  dropInvalidEntries,
  lenientObject,
  num,
  numberChoice,
  requiredObject,
  stringChoice,
  text,
} from './schema-helpers.ts'

/** Site and page configuration (docs/API.md "Shapes": SiteConfig, SitePageConfig). */

const menuItemSchema: z.ZodType<MenuItem> = requiredObject(
  z.object({
    name: text,
    url: text,
    icon: text.optional(),
    is_show: flag,
    get children() {
      return dropInvalid(menuItemSchema).optional()
    },
  }),
  { name: '', url: '', is_show: 1 },
)

const pendantSchema: z.ZodType<Pendant> = requiredObject(
  z.object({ is_show: flag, icon: text, text, img: text.optional(), url: text.optional() }),
  { is_show: 1, icon: '', text: '' },
)

const tdkSchema: z.ZodType<Tdk> = lenientObject(z.object({ title: text, description: text, keywords: text }), {
  title: '',
  description: '',
  keywords: '',
})

// Block fields are declared once without defaults: the site block fills the gaps from its defaults, while
// a page block stays partial, because a page overrides only what it sets (SPEC §1 "merged").
const headerFields = z.object({
  is_enable: flag,
  enable_custom_header: flag,
  login_config: lenientObject(z.object({ login_ways: dropInvalid(z.enum(LOGIN_WAYS)) }), { login_ways: [] }),
  logo_config: lenientObject(z.object({ logo: text, text, link: text.optional() }), { logo: '', text: '' }),
  google_config: lenientObject(z.object({ client_id: text }), { client_id: '' }),
  menu: dropInvalid(menuItemSchema),
})
const footerFields = z.object({
  is_enable: flag,
  enable_custom_footer: flag,
  friendship_links: dropInvalid(requiredObject(z.object({ name: text, url: text }), { name: '' })),
  statement: text,
  links: dropInvalid(menuItemSchema),
})
const pendantFields = z.object({ is_enable: flag, enable_custom_pendant: flag, list: dropInvalid(pendantSchema) })
const searchFields = z.object({
  enable_search_bar: flag,
  search_bar_path: text,
  enable_custom_search: flag,
  placeholder: text.optional(),
})

const HEADER_DEFAULTS: HeaderConfig = {
  is_enable: 1,
  enable_custom_header: 0,
  login_config: { login_ways: [] },
  logo_config: { logo: '', text: '' },
  google_config: { client_id: '' },
  menu: [],
}
const FOOTER_DEFAULTS: FooterConfig = {
  is_enable: 0,
  enable_custom_footer: 0,
  friendship_links: [],
  statement: '',
  links: [],
}
const PENDANT_DEFAULTS: PendantConfig = { is_enable: 0, enable_custom_pendant: 0, list: [] }
const SEARCH_DEFAULTS: SearchConfig = { enable_search_bar: 0, search_bar_path: '', enable_custom_search: 0 }

const headerConfigSchema: z.ZodType<HeaderConfig> = lenientObject(headerFields, HEADER_DEFAULTS)
const footerConfigSchema: z.ZodType<FooterConfig> = lenientObject(footerFields, FOOTER_DEFAULTS)
const pendantConfigSchema: z.ZodType<PendantConfig> = lenientObject(pendantFields, PENDANT_DEFAULTS)
const searchConfigSchema: z.ZodType<SearchConfig> = lenientObject(searchFields, SEARCH_DEFAULTS)

const customizeCodeEntry = lenientObject(z.object({ is_enabled: flag, data: dropInvalid(text) }), {
  is_enabled: 0,
  data: [],
})

const globalConfigSchema: z.ZodType<GlobalConfig> = lenientObject(
  z.object({
    theme: stringChoice(['day', 'night'], 'day'),
    wx_avoid: lenientObject(z.object({ is_enabled: flag, style: numberChoice([0, 1], 0) }), {
      is_enabled: 0,
      style: 0,
    }),
    home_page_model: numberChoice([1, 2], 1),
    home_single_page_path: text.optional(),
    home_single_page_id: text.optional(),
    // SPEC §9: the default language is zh, the search route s.
    default_language: stringChoice(LANGUAGES, 'zh'),
    search_route: text.transform((route) => route || 's'),
    search_type: num.optional(),
    fuzzy_matching_switch: flag.optional(),
    customize_code: dropInvalidEntries(customizeCodeEntry).optional(),
  }),
  {
    theme: 'day',
    wx_avoid: { is_enabled: 0, style: 0 },
    home_page_model: 1,
    default_language: 'zh',
    search_route: 's',
  },
)

const asideEntrySchema: z.ZodType<AsideEntry> = requiredObject(
  z.object({ label: text, value: z.enum(ASIDE_KINDS), is_show: flag }),
  { label: '', is_show: 1 },
)
/** SPEC §3: without configuration the aside shows every kind; labels are left to the renderer's translations. */
const DEFAULT_ASIDE: AsideEntry[] = ASIDE_KINDS.map((value) => ({ label: '', value, is_show: 1 }))

const resourceGlobalSchema = lenientObject(
  z.object({
    aside_config: lenientObject(z.object({ aside_list: dropInvalid(asideEntrySchema) }), { aside_list: DEFAULT_ASIDE }),
    transfer_save_config: lenientObject(
      z.object({
        list: dropInvalid(requiredObject(z.object({ cookie_id: id }))),
      }),
      { list: [] },
    ).optional(),
  }),
)

const languageEntrySchema = requiredObject(z.object({ language: z.enum(LANGUAGES), status: flag }), { status: 1 })

export const siteConfigSchema: z.ZodType<SiteConfig> = requiredObject(
  z.object({
    // Identity fields decide which tenant is served: a wrong type is an error, never a default.
    site_id: z.string().min(1),
    domain: z.string().min(1),
    alias_domain: dropInvalid(z.string()),
    base_info: lenientObject(
      z.object({
        app_name: text,
        logo: text,
        description: text.optional(),
        disclaimer: text.optional(),
        announcement: lenientObject(z.object({ is_show: flag, content: text }), { is_show: 0, content: '' }).optional(),
      }),
      { app_name: '', logo: '' },
    ),
    header_config: headerConfigSchema,
    footer_config: footerConfigSchema,
    pendant_config: pendantConfigSchema,
    search_config: searchConfigSchema,
    seo_config: lenientObject(
      z.object({
        tdk: dropInvalidEntries(tdkSchema, TDK_KEYS),
        canonical_link: text,
        favicon: text,
        customize_code: lenientObject(z.object({ model: numberChoice([1, 2], 1), data: dropInvalid(text) }), {
          model: 1,
          data: [],
        }),
      }),
      { tdk: {}, canonical_link: '', favicon: '', customize_code: { model: 1, data: [] } },
    ),
    // Unknown languages are dropped rather than failing the site.
    language_config: lenientObject(z.object({ language_list: dropInvalid(languageEntrySchema) }), {
      language_list: [],
    }),
    page_config: lenientObject(
      z.object({
        global_config: globalConfigSchema,
        resource: resourceGlobalSchema.optional(),
        feedback_config: lenientObject(z.object({ form_id: id, items: z.array(z.unknown()).max(50) }))
          .optional()
          .catch(undefined),
      }),
      { global_config: {} },
    ),
    path_mapping: dropInvalid(requiredObject(z.object({ from: z.string().min(1), to: z.string() }))).optional(),
  }),
)

const pageTdkSchema = lenientObject(z.object({ title: text, description: text, keywords: text }), {
  title: '',
  description: '',
  keywords: '',
})

export const sitePageConfigSchema: z.ZodType<SitePageConfig> = requiredObject(
  z.object({
    page_id: id,
    page_type: z.enum(PAGE_TYPES),
    page_path: text,
    group_path: text,
    title: text,
    // Checked per page type by the loader that renders it (page-schemas.ts).
    page_config: z.unknown(),
    header_config: lenientObject(headerFields.partial()).optional(),
    footer_config: lenientObject(footerFields.partial()).optional(),
    pendant_config: lenientObject(pendantFields.partial()).optional(),
    search_config: lenientObject(searchFields.partial()).optional(),
    seo_config: lenientObject(z.object({ tdk: pageTdkSchema.optional(), canonical_link: text.optional() })).optional(),
  }),
  { page_path: '', group_path: '', title: '', page_config: null },
)
