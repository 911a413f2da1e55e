import { describe, expect, it } from 'vitest'
import type { Post } from '../content-types.ts'
import { toPostCategoryLink, toPostListItem, toPostSummary } from './post-views.ts'

const post: Post = {
  id: 'p1',
  path: 'search-tips',
  title: 'Search tips',
  description: 'Find faster',
  cover: 'https://img.example/c.png',
  content: '# Search tips\n\nLong markdown body',
  category: { id: 'guide', name: 'Guide', description: 'How-tos', count: 3 },
  tags: ['search', 'tips'],
  author: { nick_name: 'Ann', avatar: 'https://img.example/a.png' },
  view_count: 42,
  created_at: 1_700_000_000,
  updated_at: 1_710_000_000,
}

describe('toPostListItem', () => {
  it.each<[string, Partial<Post>, unknown]>([
    [
      'keeps what a list entry shows',
      {},
      {
        id: 'p1',
        path: 'search-tips',
        title: 'Search tips',
        description: 'Find faster',
        cover: 'https://img.example/c.png',
        view_count: 42,
        created_at: 1_700_000_000,
        category: { id: 'guide', name: 'Guide' },
        author: { nick_name: 'Ann' },
      },
    ],
    [
      'no cover: no cover field',
      { cover: '' },
      {
        id: 'p1',
        path: 'search-tips',
        title: 'Search tips',
        description: 'Find faster',
        view_count: 42,
        created_at: 1_700_000_000,
        category: { id: 'guide', name: 'Guide' },
        author: { nick_name: 'Ann' },
      },
    ],
  ])('%s', (_name, change, expected) => {
    expect(toPostListItem({ ...post, ...change })).toEqual(expected)
  })
})

describe('toPostSummary', () => {
  it('keeps what the article page shows beside the body', () => {
    expect(toPostSummary(post)).toEqual({
      id: 'p1',
      path: 'search-tips',
      title: 'Search tips',
      cover: 'https://img.example/c.png',
      category: { id: 'guide', name: 'Guide' },
      tags: ['search', 'tips'],
      author: { nick_name: 'Ann', avatar: 'https://img.example/a.png' },
      view_count: 42,
      created_at: 1_700_000_000,
      updated_at: 1_710_000_000,
    })
  })
})

describe('toPostCategoryLink', () => {
  it.each([
    [
      { id: 'guide', name: 'Guide', description: 'How-tos', count: 3 },
      { id: 'guide', name: 'Guide', count: 3 },
    ],
    [
      { id: 'notes', name: 'Notes' },
      { id: 'notes', name: 'Notes' },
    ],
  ])('%o → %o', (category, expected) => {
    expect(toPostCategoryLink(category)).toEqual(expected)
  })
})
