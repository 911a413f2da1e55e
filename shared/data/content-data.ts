import type { PageDataBase } from './page-head.ts'
import type { PageType } from '../types.ts'
import type { CustomContentType, FormItem } from '../content-types.ts'
import type { HotQuery } from './resource-data.ts'

/**
 * Loader data of content pages (nav, ai, custom, rss, land, list, resource, outline, ugc_post) and of
 * the home page. Everything here is already checked and shaped on the server: links are safe,
 * markdown and HTML are sanitised HTML strings, timestamps are Unix seconds.
 */

/** The page a content route shows. */
interface ContentPageInfo {
  id: string
  type: PageType
  title: string
  /** The router path the page lives at (e.g. `/c/legal/privacy`, `/doc_/handbook`, `/` on the home page). */
  routerPath: string
}

// ---- nav / ai ---------------------------------------------------------------------------------------

export interface NavSiteView {
  title: string
  /** An http(s) address, or null when the configured one is unusable (the card is then not a link). */
  url: string | null
  icon: string | null
  description: string
  tags: string[]
  pricing: string | null
}
export interface NavTabView {
  name: string
  sites: NavSiteView[]
}
interface NavGroupView {
  name: string
  tabs: NavTabView[]
}
export interface NavBody {
  kind: 'nav'
  variant: 'nav' | 'ai'
  intro: string | null
  groups: NavGroupView[]
}

// ---- custom -----------------------------------------------------------------------------------------

/**
 * markdown and html are shown inside the site's frame; every other content type is served as it is,
 * as a file of its own media type (txt, js, json, css, xml: e.g. an `ads.txt`) or, for pure_html, as
 * the whole document the site wrote (sanitised), without the site's frame (SPEC §3 content types).
 */
export type CustomBody =
  | { kind: 'custom'; contentType: CustomContentType; format: 'html'; html: string; hasOwnTitle: boolean }
  | { kind: 'custom'; contentType: CustomContentType; format: 'raw'; mediaType: string; text: string }

// ---- rss --------------------------------------------------------------------------------------------

interface RssDocView {
  title: string
  /** http(s) only, else null. */
  link: string | null
  /** Unix seconds; 0 when the feed gave none. */
  publishedAt: number
  /** The upstream's own label, shown only when `publishedAt` is unknown (it is in the site's language, not the page's). */
  publishLabel: string
  summary: string
}
export interface RssColumnView {
  id: string
  name: string
  logo: string | null
  description: string
  total: number
  docs: RssDocView[]
}
export interface RssHotView {
  title: string
  link: string
  source: string
  score: number
}
export interface RssBody {
  kind: 'rss'
  /** The page's `page_path`: clicks are recorded under it (`/v1/rss_page_add_hot`). */
  pagePath: string
  columns: RssColumnView[]
  /** Set when the address selects one source (`/sp/:group/:path/:rss_id`). */
  selectedSource: string | null
  /** The router path a source id is appended to, or null when the page has no such addresses. */
  sourceBase: string | null
  /** When the data was read (Unix seconds): ages ("3 hours ago") count from here, the same on server and browser. */
  readAt: number
}

// ---- land -------------------------------------------------------------------------------------------

export type Align = 'start' | 'center' | 'end'
export interface LandButtonView {
  text: string
  /** In-site router path, safe external URL, or null. */
  url: string | null
  /** 0 link, 1 hover (shows popupImage on hover), 2 popup (opens popupImage), 3 favourite */
  type: 0 | 1 | 2 | 3
  style: 1 | 2
  popupImage: string | null
}
export interface LandMedia {
  type: 'image' | 'video'
  url: string
}
export interface LandVideoView {
  videoUrl: string
  poster: string | null
  title: string
}
export interface LandCodeView {
  code: string
  description: string
  expiresAt: number | null
}
export interface LandPostView {
  id: string
  path: string
  title: string
  description: string
  cover: string | null
  createdAt: number
}
interface LandPriceView {
  name: string
  price: string
  unit: string
  description: string
  features: string[]
  button: LandButtonView | null
}

interface ModuleBase {
  id: string
  title: string
  subtitle: string
}
export type LandModuleView = ModuleBase &
  (
    | {
        type: 'product_overview' | 'product_image_overview'
        heading: string
        description: string
        align: Align
        media: LandMedia | null
        buttons: LandButtonView[]
      }
    | { type: 'title'; heading: string; subheading: string; align: Align }
    | { type: 'carousel' | 'image_list'; items: { image: string; title: string; url: string | null }[] }
    | { type: 'video'; video: LandVideoView }
    | { type: 'video_introduce'; heading: string; description: string; video: LandVideoView }
    | { type: 'video_carousel'; items: LandVideoView[] }
    | { type: 'step'; items: { title: string; description: string; image: string | null }[] }
    | { type: 'faq'; items: { question: string; answer: string }[] }
    | { type: 'posts'; categoryId: string | null; posts: LandPostView[] }
    | { type: 'social_media'; items: { name: string; icon: string | null; url: string }[] }
    | { type: 'useful_code' | 'invalid_code'; items: LandCodeView[] }
    | {
        type: 'superiority' | 'superiority_image'
        items: { title: string; description: string; icon: string | null; image: string | null }[]
      }
    | { type: 'comment'; items: { avatar: string | null; name: string; content: string; rating: number | null }[] }
    | { type: 'price'; plans: LandPriceView[] }
    | { type: 'form'; formId: string; items: FormItem[]; resultPosition: 0 | 1; submitText: string; resultText: string }
    | { type: 'html'; html: string }
  )
export interface LandBody {
  kind: 'land'
  theme: 0 | 1 | 2
  bannerStyle: 0 | 1
  modules: LandModuleView[]
}

// ---- list -------------------------------------------------------------------------------------------

export interface ListItemView {
  title: string
  description: string
  cover: string | null
  routerPath: string
  updatedAt: number
}
export interface ListBody {
  kind: 'list'
  /** 1 image-and-text, 2 image, 3 text */
  style: 1 | 2 | 3
  items: ListItemView[]
  page: number
  pages: number
  /** The router path a page number is appended to, or null when the page has no such addresses. */
  pageBase: string | null
}

// ---- resource ---------------------------------------------------------------------------------------

/** A resource as cards and lists show it. */
export interface ResourceCardView {
  seoTitle: string
  title: string
  description: string
  image: string | null
  category: { key: string; name: string } | null
  viewCount: number
  updatedAt: number
}
/** What the resource sidebar / hot lists show; loaded after the page shell. */
export interface ResourceHotData {
  hotSearches: HotQuery[]
  hotResources: ResourceCardView[]
}
export interface ResourceBody {
  kind: 'resource'
  /** 1 search mode, 2 single page */
  mode: 1 | 2
  /** 1 hot searches, 2 hot resources */
  hotKind: 1 | 2
  style: 1 | 2 | 3
  description: string
  /** Mode 2: the newest resources. */
  resources: ResourceCardView[]
}

// ---- outline ----------------------------------------------------------------------------------------

export interface OutlineTreeNode {
  id: string
  title: string
  hasContent: boolean
  children: OutlineTreeNode[]
}
/** One node's section of the document, in reading order; depth 0 is a top-level node. */
export interface OutlineSection {
  id: string
  title: string
  depth: number
  html: string | null
}
export interface OutlineBody {
  kind: 'outline'
  tree: OutlineTreeNode[]
  sections: OutlineSection[]
  firstWithContent: string | null
}

// ---- ugc_post ---------------------------------------------------------------------------------------

export interface UgcPostBody {
  kind: 'ugc_post'
  categoryId: string | null
  posts: LandPostView[]
  total: number
}

// ---- pages ------------------------------------------------------------------------------------------

export type ContentBody =
  | NavBody
  | CustomBody
  | RssBody
  | LandBody
  | ListBody
  | ResourceBody
  | OutlineBody
  | UgcPostBody

/** Data of every content route (and of the home page in single-page mode). */
export interface ContentPageData extends PageDataBase {
  kind: 'content'
  page: ContentPageInfo
  body: ContentBody
  /** rss pages: the most clicked items, streamed after the shell. */
  rssHot?: Promise<RssHotView[]> | RssHotView[]
  /** resource pages: hot searches and hot resources, streamed after the shell. */
  resourceHot?: Promise<ResourceHotData> | ResourceHotData
}

/** The home page in search mode (home_page_model 1). */
export interface SearchHomeData extends PageDataBase {
  kind: 'search-home'
  siteName: string
  description: string
  placeholder: string
  hot: ResourceCardView[]
  newest: ResourceCardView[]
  categories: { key: string; name: string; count: number | null }[]
  /** Hot searches, streamed after the shell. */
  hotSearches: Promise<HotQuery[]> | HotQuery[]
}

export type HomePageData = ContentPageData | SearchHomeData
