import type { Post, PostCategory } from '../../../shared/content-types.ts'
import { DAY, withDates } from './common.ts'
import { avatarFor, picture } from './media.ts'

export interface PostDef {
  path: string
  title: string
  description: string
  category: string
  tags: string[]
  /** Markdown. */
  content: string
  author: string
  ageDays: number
  views: number
}

/** Numbers the posts (p1001, p1002, ...) and adds covers, authors and dates relative to `now`. */
export function buildPosts(defs: readonly PostDef[], categories: readonly PostCategory[], now: number): Post[] {
  return defs.map((def, i) => {
    const category = categories.find((c) => c.id === def.category)
    if (!category) throw new Error(`post ${def.path} names an unknown category ${def.category}`)
    const created = now - Math.round(def.ageDays * DAY)
    return {
      id: `p${1001 + i}`,
      path: def.path,
      title: withDates(def.title, now),
      description: def.description,
      cover: picture(def.path),
      content: def.content.trim(),
      category: { id: category.id, name: category.name },
      tags: def.tags,
      author: { nick_name: def.author, avatar: avatarFor(def.author) },
      view_count: def.views,
      created_at: created,
      updated_at: created + Math.round(DAY / 3),
    }
  })
}
