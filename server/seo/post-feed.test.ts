import { describe, expect, it } from 'vitest'
import type { Post } from '../../shared/content-types.ts'
import { renderPostFeed } from './post-feed.ts'

function post(id: string, created_at: number, updated_at: number): Omit<Post, 'content'> {
  return {
    id,
    path: id,
    title: `Post ${id}`,
    description: '',
    category: { id: 'c1', name: '' },
    tags: [],
    author: { nick_name: '', avatar: '' },
    view_count: 0,
    created_at,
    updated_at,
  }
}

function feedOf(posts: Omit<Post, 'content'>[]): string {
  return renderPostFeed({
    siteName: 'Site',
    description: '',
    language: 'en',
    url: (path) => `https://site.example${path}`,
    self: 'https://site.example/rss.xml',
    posts,
  })
}

const pubDates = (xml: string) => [...xml.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((match) => match[1])

describe('the dates of the post feed (upstream seconds)', () => {
  it.each([
    ['its creation time', post('a', 1_700_000_000, 1_700_086_400), 'Tue, 14 Nov 2023 22:13:20 GMT'],
    ['its creation time when never updated', post('b', 1_700_000_000, 0), 'Tue, 14 Nov 2023 22:13:20 GMT'],
    [
      'its update time when the creation time is junk',
      post('c', Number.NaN, 1_700_086_400),
      'Wed, 15 Nov 2023 22:13:20 GMT',
    ],
    ['the epoch when no time is usable', post('d', 1e20, -1), 'Thu, 01 Jan 1970 00:00:00 GMT'],
  ])('dates an item by %s', (_, item, expected) => {
    const xml = feedOf([item])
    expect(pubDates(xml)).toEqual([expected])
    expect(xml).not.toContain('Invalid Date')
  })

  it('dates the feed by its newest post, and not at all when none has a usable time', () => {
    expect(feedOf([post('a', 1_700_000_000, 0), post('b', 1_600_000_000, 1_700_086_400)])).toContain(
      '<lastBuildDate>Wed, 15 Nov 2023 22:13:20 GMT</lastBuildDate>',
    )
    expect(feedOf([post('d', 0, 0)])).not.toMatch(/<lastBuildDate>Thu, 01 Jan 1970/)
  })
})
