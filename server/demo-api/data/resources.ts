import type { Category, Resource, Tag } from '../../../shared/content-types.ts'
import type { DemoRankEntry } from '../tenant.ts'
import { DAY, HOUR } from './common.ts'
import { createRandom } from './random.ts'
import { picture } from './media.ts'

/** One resource as written in a catalog: the generator adds ids, links, counts and dates. */
export interface CatalogEntry {
  title: string
  slug: string
  description: string
  tags: string[]
}
export interface CatalogCategory {
  key: string
  name: string
  entries: CatalogEntry[]
}

// Share-link hosts per drive type; links are shaped like the real ones but lead nowhere.
const PAN_HOSTS: Record<string, string> = {
  quark: 'https://pan.quark.cn/s/',
  baidu: 'https://pan.baidu.com/s/1',
  aliyun: 'https://www.alipan.com/s/',
  xunlei: 'https://pan.xunlei.com/s/',
  uc: 'https://drive.uc.cn/s/',
}
const PAN_TYPES = Object.keys(PAN_HOSTS)

const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/**
 * Turns catalogs into resources with deterministic ids, links, counts and dates (seeded, relative to `now`).
 * Every 11th resource carries an expired share link and every 17th a broken one, so the "save to my drive"
 * path can show its 1031 and 1030 answers (see /v1/local_resource_save).
 */
export function buildResources(
  catalog: readonly CatalogCategory[],
  tags: readonly Tag[],
  now: number,
  seed: number,
): Resource[] {
  const random = createRandom(seed)
  const tagBySlug = new Map(tags.map((tag) => [tag.slug, tag]))
  const token = (length: number) => Array.from({ length }, () => random.pick([...ALPHABET])).join('')
  const resources: Resource[] = []
  let number = 0
  for (const category of catalog) {
    const cat: Category = { key: category.key, name: category.name }
    for (const entry of category.entries) {
      number++
      const panType = random.pick(PAN_TYPES)
      const prefix = number % 11 === 0 ? 'expired-' : number % 17 === 0 ? 'broken-' : ''
      const link = {
        target_url: `${PAN_HOSTS[panType] ?? ''}${prefix}${token(12)}`,
        pan_type: panType,
        ...(panType === 'baidu' ? { code: token(4).toLowerCase() } : {}),
      }
      const mirrorType = random.pick(PAN_TYPES.filter((t) => t !== panType))
      const mirror = { target_url: `${PAN_HOSTS[mirrorType] ?? ''}${token(12)}`, pan_type: mirrorType }
      const created = now - random.int(2 * HOUR, 120 * DAY)
      const hot = Math.round(40 + random.next() ** 2 * 9000)
      resources.push({
        id: `r${10000 + number}`,
        seo_title: entry.slug,
        title: entry.title,
        description: entry.description,
        image: picture(entry.title),
        category: cat,
        tags: entry.tags.flatMap((slug) => {
          const tag = tagBySlug.get(slug)
          return tag ? [{ slug: tag.slug, name: tag.name }] : []
        }),
        pan_type: panType,
        target_urls: number % 3 === 0 ? [link, mirror] : [link],
        view_count: hot * random.int(2, 6),
        hot_count: hot,
        created_at: created,
        updated_at: Math.min(now, created + random.int(0, 10 * DAY)),
      })
    }
  }
  return resources
}

/** The "this site" rank platform: resources by popularity, tagged with their own category and tags. */
export function siteRankEntries(resources: readonly Resource[], platform: string): DemoRankEntry[] {
  return resources.map((r) => ({
    platform,
    category: r.category.key,
    tags: r.tags.map((t) => t.slug),
    title: r.title,
    score: r.hot_count,
    seo_title: r.seo_title,
  }))
}
