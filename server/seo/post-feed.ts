import { Feed } from 'feed'
import { postPath } from '../../shared/data/post-data.ts'
import type { Post } from '../../shared/content-types.ts'
import { dateOfSeconds } from '../../shared/rules/upstream-time.ts'

export interface PostFeedInput {
  siteName: string
  description: string
  language: string
  /** Absolute URL of a router path in the feed's language. */
  url(routerPath: string): string
  /** Absolute URL of the feed itself. */
  self: string
  image?: string | null
  posts: readonly Omit<Post, 'content'>[]
}

/**
 * The RSS 2.0 feed (docs/STANDARDS.md) of a site's latest posts in one language,
 * written by the `feed` library, which escapes every value. Links are absolute on the published origin.
 */
export function renderPostFeed(input: PostFeedInput): string {
  const updated = dateOfSeconds(
    input.posts.reduce((latest, post) => Math.max(latest, post.updated_at, post.created_at), 0),
  )
  const feed = new Feed({
    title: input.siteName,
    description: input.description || input.siteName,
    id: input.url('/post'),
    link: input.url('/post'),
    language: input.language,
    feedLinks: { rss: input.self },
    generator: false,
    copyright: '',
    ...(updated ? { updated } : {}),
    ...(input.image ? { image: input.image } : {}),
  })
  for (const post of input.posts) {
    const link = input.url(postPath(post))
    const published = dateOfSeconds(post.created_at)
    feed.addItem({
      title: post.title,
      id: link,
      link,
      description: post.description,
      // RSS needs a date on every item: the epoch stands in for a post whose times are unusable.
      date: dateOfSeconds(post.updated_at) ?? published ?? new Date(0),
      ...(published ? { published } : {}),
      ...(post.author.nick_name ? { author: [{ name: post.author.nick_name }] } : {}),
      ...(post.category.name ? { category: [{ name: post.category.name }] } : {}),
    })
  }
  return feed.rss2()
}
