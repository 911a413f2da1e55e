import { Feed } from 'feed'
import { postPath } from '../../shared/data/post-data.ts'
import type { Post } from '../../shared/types.ts'

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
  const newest = input.posts.reduce((latest, post) => Math.max(latest, post.updated_at, post.created_at), 0)
  const feed = new Feed({
    title: input.siteName,
    description: input.description || input.siteName,
    id: input.url('/post'),
    link: input.url('/post'),
    language: input.language,
    feedLinks: { rss: input.self },
    generator: false,
    copyright: '',
    ...(newest > 0 ? { updated: new Date(newest * 1000) } : {}),
    ...(input.image ? { image: input.image } : {}),
  })
  for (const post of input.posts) {
    const link = input.url(postPath(post))
    feed.addItem({
      title: post.title,
      id: link,
      link,
      description: post.description,
      date: new Date((post.updated_at || post.created_at) * 1000),
      published: new Date(post.created_at * 1000),
      ...(post.author.nick_name ? { author: [{ name: post.author.nick_name }] } : {}),
      ...(post.category.name ? { category: [{ name: post.category.name }] } : {}),
    })
  }
  return feed.rss2()
}
