import { z } from 'zod'
import type {
  Category,
  Contact,
  Feedback,
  HotSearch,
  LinkGroup,
  Paged,
  Post,
  PostCategory,
  Promo,
  RankPlatform,
  RankRow,
  Resource,
  RssGroup,
  RssHot,
  Tag,
} from '../../../shared/content-types.ts'
import {
  flag,
  id,
  dropInvalid,
  dropInvalidEntries,
  lenientObject,
  list,
  num,
  numberOneOf,
  paged,
  requiredObject,
  text,
} from './schema-helpers.ts'

/** Content data behind lists, details, rankings, tags, posts, feedback, links, RSS, promos and users (docs/API.md). */

const categorySchema: z.ZodType<Category> = requiredObject(z.object({ key: text, name: text, count: num.optional() }), {
  key: '',
  name: '',
})

const tagSchema: z.ZodType<Tag> = requiredObject(
  z.object({ slug: text, name: text, description: text.optional(), count: num.optional() }),
  { name: '' },
)

export const resourceSchema: z.ZodType<Resource> = requiredObject(
  z.object({
    id,
    seo_title: text,
    title: text,
    description: text,
    image: text.optional(),
    category: categorySchema,
    tags: dropInvalid(tagSchema),
    pan_type: text,
    target_urls: dropInvalid(
      requiredObject(z.object({ target_url: text, code: text.optional(), pan_type: text }), { pan_type: '' }),
    ),
    view_count: num,
    hot_count: num,
    created_at: num,
    updated_at: num,
  }),
  {
    seo_title: '',
    title: '',
    description: '',
    category: { key: '', name: '' },
    pan_type: '',
    view_count: 0,
    hot_count: 0,
    created_at: 0,
    updated_at: 0,
  },
)

/** `/v1/resource/search`. */
export const resourcePageSchema: z.ZodType<Paged<Resource>> = paged(resourceSchema)

export interface ResourceList extends Paged<Resource> {
  categories: Category[]
}
/** `/v1/resource/list`. */
export const resourceListSchema: z.ZodType<ResourceList> = requiredObject(
  z.object({ rows: list(resourceSchema), total: num, categories: dropInvalid(categorySchema) }),
  { total: 0 },
)

export interface ResourceDetail {
  detail_info: Resource
  recommend: Resource[]
}
/** `/v1/resource/detail`. */
export const resourceDetailSchema: z.ZodType<ResourceDetail> = requiredObject(
  z.object({ detail_info: resourceSchema, recommend: dropInvalid(resourceSchema) }),
)

const keyName = requiredObject(z.object({ key: text, name: text }), { name: '' })
const rankPlatformSchema: z.ZodType<RankPlatform> = requiredObject(
  z.object({
    key: text,
    name: text,
    categories: dropInvalid(
      requiredObject(z.object({ key: text, name: text, tags: dropInvalid(keyName) }), { name: '' }),
    ),
  }),
  { name: '' },
)
const rankRowSchema: z.ZodType<RankRow> = requiredObject(
  z.object({ index: num, title: text, seo_title: text.optional(), query: text.optional(), score: num }),
  { score: 0 },
)

export interface Rank {
  platforms: RankPlatform[]
  rows: RankRow[]
}
/** `/v1/resource/rank`. */
export const rankSchema: z.ZodType<Rank> = lenientObject(
  z.object({
    platforms: dropInvalid(rankPlatformSchema),
    rows: list(rankRowSchema),
  }),
)

/** `/v1/resource/tags` without `tag`. */
export const tagListSchema: z.ZodType<Paged<Tag>> = paged(tagSchema)

export interface TagResources extends Paged<Resource> {
  tag: Tag
}
/** `/v1/resource/tags` with `tag`. */
export const tagResourcesSchema: z.ZodType<TagResources> = requiredObject(
  z.object({ tag: tagSchema, rows: list(resourceSchema), total: num }),
  { total: 0 },
)

export interface Aside {
  search?: HotSearch[]
  hot?: Resource[]
  newest?: Resource[]
  res_tag?: Tag[]
  contact?: Contact
}
/** `/v1/resource/aside`. */
export const asideSchema: z.ZodType<Aside> = lenientObject(
  z.object({
    search: dropInvalid(requiredObject(z.object({ query: text, count: num }), { count: 0 })).optional(),
    hot: dropInvalid(resourceSchema).optional(),
    newest: dropInvalid(resourceSchema).optional(),
    res_tag: dropInvalid(tagSchema).optional(),
    contact: lenientObject(z.object({ title: text, img: text, tips: text }), {
      title: '',
      img: '',
      tips: '',
    }).optional(),
  }),
)

const postCategorySchema: z.ZodType<PostCategory> = requiredObject(
  z.object({ id, name: text, description: text.optional(), count: num.optional() }),
  { name: '' },
)

export const postSchema: z.ZodType<Post> = requiredObject(
  z.object({
    id,
    path: text,
    title: text,
    description: text,
    cover: text.optional(),
    content: text,
    category: lenientObject(z.object({ id: text, name: text, description: text.optional(), count: num.optional() }), {
      id: '',
      name: '',
    }),
    tags: dropInvalid(text),
    author: lenientObject(z.object({ nick_name: text, avatar: text }), { nick_name: '', avatar: '' }),
    view_count: num,
    created_at: num,
    updated_at: num,
  }),
  {
    path: '',
    title: '',
    description: '',
    content: '',
    view_count: 0,
    created_at: 0,
    updated_at: 0,
  },
)

/** `/v1/post/list`. */
export const postPageSchema: z.ZodType<Paged<Post>> = paged(postSchema)
/** `/v1/post/category/list`. */
export const postCategoriesSchema: z.ZodType<{ rows: PostCategory[] }> = lenientObject(
  z.object({ rows: dropInvalid(postCategorySchema) }),
)

const feedbackSchema: z.ZodType<Feedback> = requiredObject(
  z.object({ id, content: text, reply: text.optional(), created_at: num }),
  { content: '', created_at: 0 },
)
/** `/v1/feedback/list`. */
export const feedbackPageSchema: z.ZodType<Paged<Feedback>> = paged(feedbackSchema)

const linkGroupSchema: z.ZodType<LinkGroup> = requiredObject(
  z.object({
    name: text,
    list: dropInvalid(
      requiredObject(z.object({ name: text, url: text, logo_url: text.optional(), description: text.optional() }), {
        name: '',
      }),
    ),
  }),
  { name: '' },
)
/** `/v1/links/get`. */
export const linksSchema: z.ZodType<{ rows: LinkGroup[] }> = lenientObject(
  z.object({ rows: dropInvalid(linkGroupSchema) }),
)

const rssGroupSchema: z.ZodType<RssGroup> = requiredObject(
  z.object({
    rss_id: id,
    rss_name: text,
    total: num,
    docs: dropInvalid(
      requiredObject(
        z.object({ title: text, link: text, publish_str: text, published_at: num, summary: text.optional() }),
        { publish_str: '', published_at: 0 },
      ),
    ),
  }),
  { rss_name: '', total: 0 },
)
/** `/v1/site_page/rss/list`. */
export const rssGroupsSchema: z.ZodType<{ rows: RssGroup[] }> = lenientObject(
  z.object({ rows: dropInvalid(rssGroupSchema) }),
)

const rssHotRowSchema: z.ZodType<RssHot> = requiredObject(
  z.object({ title: text, link: text, source: text, score: num, created_at: num }),
  { source: '', score: 0, created_at: 0 },
)
/** `/v1/site_page/rss/list_hot` and `/v1/site_page/rss/new_list_hot`. */
export const rssHotSchema: z.ZodType<{ rows: RssHot[] }> = lenientObject(
  z.object({ rows: dropInvalid(rssHotRowSchema) }),
)

const promoSchema: z.ZodType<Promo> = requiredObject(
  z.object({
    title: text,
    description: text.optional(),
    url: text,
    img_url: text,
    // No fallback: a promo of an unknown kind or place is dropped rather than shown somewhere unintended.
    type: numberOneOf([1, 2, 3]),
    position: numberOneOf([1, 2, 3, 4, 5, 6, 7]),
    allowed_close: flag,
    is_show: flag,
    start_ts: num,
    end_ts: num,
    web_path: text,
  }),
  // SPEC §3: allowed_close and is_show default to 1.
  { title: '', url: '', img_url: '', allowed_close: 1, is_show: 1, start_ts: 0, end_ts: 0, web_path: '' },
)
/** `/v1/site_surprise/web_get`: promos by id; entries that do not parse are dropped. */
export const promoMapSchema: z.ZodType<Record<string, Promo>> = dropInvalidEntries(promoSchema)
