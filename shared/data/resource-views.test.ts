import { describe, expect, it } from 'vitest'
import type { Resource } from '../content-types.ts'
import type { RankPlatform } from '../content-types.ts'
import {
  toAsideResource,
  toHotQuery,
  toRankTabs,
  toResourceDetail,
  toResourceSummary,
  toTagCount,
  toTagLink,
} from './resource-views.ts'

const resource: Resource = {
  id: 'r1',
  seo_title: 'vlc',
  title: 'VLC',
  description: 'A media player',
  image: 'https://img.example/vlc.png',
  category: { key: 'software', name: 'Software', count: 12 },
  tags: [
    { slug: 'video', name: 'Video', description: 'Moving pictures', count: 4 },
    { slug: 'audio', name: 'Audio', count: 2 },
    { slug: 'open-source', name: 'Open source' },
    { slug: 'player', name: 'Player' },
  ],
  pan_type: 'baidu',
  target_urls: [{ target_url: 'https://pan.example/s/1', code: 'abcd', pan_type: 'baidu' }],
  view_count: 120,
  hot_count: 7,
  created_at: 1_700_000_000,
  updated_at: 1_710_000_000,
}

describe('toResourceSummary', () => {
  it('keeps what a card renders and nothing else', () => {
    expect(toResourceSummary(resource)).toEqual({
      id: 'r1',
      seo_title: 'vlc',
      title: 'VLC',
      description: 'A media player',
      image: 'https://img.example/vlc.png',
      category: { key: 'software', name: 'Software' },
      tags: [
        { slug: 'video', name: 'Video' },
        { slug: 'audio', name: 'Audio' },
        { slug: 'open-source', name: 'Open source' },
      ],
      date: 1_710_000_000,
    })
    // A card shows three tags; the detail page lists all of them.
    expect(toResourceSummary(resource).tags).toHaveLength(3)
  })

  it.each<[string, Partial<Resource>, Partial<ReturnType<typeof toResourceSummary>>]>([
    ['no image: no image field', { image: '' }, { image: undefined }],
    ['never changed: the publication date', { updated_at: 0 }, { date: 1_700_000_000 }],
    ['no dates: 0', { updated_at: 0, created_at: 0 }, { date: 0 }],
    ['no tags: none', { tags: [] }, { tags: [] }],
    [
      'a long description: cut at 200 characters',
      { description: '字'.repeat(250) },
      { description: `${'字'.repeat(200)}…` },
    ],
    ['200 characters exactly: whole', { description: 'a'.repeat(200) }, { description: 'a'.repeat(200) }],
  ])('%s', (_name, change, expected) => {
    const summary = toResourceSummary({ ...resource, ...change })
    for (const [key, value] of Object.entries(expected)) {
      if (value === undefined) expect(summary).not.toHaveProperty(key)
      else expect(summary).toHaveProperty(key, value)
    }
  })
})

describe('toAsideResource', () => {
  it.each([
    [true, { id: 'r1', seo_title: 'vlc', title: 'VLC', view_count: 120 }],
    [false, { id: 'r1', seo_title: 'vlc', title: 'VLC', created_at: 1_700_000_000 }],
  ])('ranked %s: the one counter its list shows', (ranked, expected) => {
    expect(toAsideResource(resource, ranked)).toEqual(expected)
  })
})

describe('toTagLink', () => {
  it.each([
    [
      { slug: 'video', name: 'Video', description: 'Moving pictures', count: 4 },
      { slug: 'video', name: 'Video' },
    ],
    [
      { slug: 'player', name: 'Player' },
      { slug: 'player', name: 'Player' },
    ],
  ])('%o → %o', (tag, expected) => {
    expect(toTagLink(tag)).toEqual(expected)
  })
})

describe('toHotQuery', () => {
  it('keeps the query a chip links, not its count', () => {
    expect(toHotQuery({ query: 'linux', count: 12 })).toEqual({ query: 'linux' })
  })
})

describe('toRankTabs', () => {
  const platforms: RankPlatform[] = [
    {
      key: 'site',
      name: 'Site',
      categories: [
        { key: 'software', name: 'Software', tags: [{ key: 'open-source', name: 'Open source' }] },
        { key: 'ebook', name: 'E-books', tags: [{ key: 'classic', name: 'Classics' }] },
      ],
    },
    {
      key: 'db',
      name: 'Douban',
      categories: [{ key: 'literature', name: 'Literature', tags: [{ key: 'novel', name: 'Novels' }] }],
    },
  ]
  it.each<[string, string | null, string | null, unknown]>([
    [
      'a platform: its categories, no tags',
      'site',
      null,
      [
        {
          key: 'site',
          name: 'Site',
          categories: [
            { key: 'software', name: 'Software', tags: [] },
            { key: 'ebook', name: 'E-books', tags: [] },
          ],
        },
        { key: 'db', name: 'Douban', categories: [] },
      ],
    ],
    [
      'a category: its tags too',
      'site',
      'ebook',
      [
        {
          key: 'site',
          name: 'Site',
          categories: [
            { key: 'software', name: 'Software', tags: [] },
            { key: 'ebook', name: 'E-books', tags: [{ key: 'classic', name: 'Classics' }] },
          ],
        },
        { key: 'db', name: 'Douban', categories: [] },
      ],
    ],
    [
      'no platform: the platforms alone',
      null,
      null,
      [
        { key: 'site', name: 'Site', categories: [] },
        { key: 'db', name: 'Douban', categories: [] },
      ],
    ],
  ])('%s', (_name, platform, category, expected) => {
    expect(toRankTabs(platforms, platform, category)).toEqual(expected)
  })
})

describe('toResourceDetail', () => {
  it.each<[string, Partial<Resource>, unknown]>([
    [
      'keeps what the page shows: every tag and link, both dates and the views',
      {},
      {
        id: 'r1',
        title: 'VLC',
        description: 'A media player',
        image: 'https://img.example/vlc.png',
        view_count: 120,
        created_at: 1_700_000_000,
        updated_at: 1_710_000_000,
        target_urls: [{ target_url: 'https://pan.example/s/1', code: 'abcd', pan_type: 'baidu' }],
        category: { key: 'software', name: 'Software' },
        tags: [
          { slug: 'video', name: 'Video' },
          { slug: 'audio', name: 'Audio' },
          { slug: 'open-source', name: 'Open source' },
          { slug: 'player', name: 'Player' },
        ],
      },
    ],
    [
      'no image and a link without a code: neither field',
      { image: '', target_urls: [{ target_url: 'https://pan.example/s/2', code: '', pan_type: '' }] },
      {
        id: 'r1',
        title: 'VLC',
        description: 'A media player',
        view_count: 120,
        created_at: 1_700_000_000,
        updated_at: 1_710_000_000,
        target_urls: [{ target_url: 'https://pan.example/s/2', pan_type: '' }],
        category: { key: 'software', name: 'Software' },
        tags: [
          { slug: 'video', name: 'Video' },
          { slug: 'audio', name: 'Audio' },
          { slug: 'open-source', name: 'Open source' },
          { slug: 'player', name: 'Player' },
        ],
      },
    ],
  ])('%s', (_name, change, expected) => {
    expect(toResourceDetail({ ...resource, ...change })).toEqual(expected)
  })
})

describe('toTagCount', () => {
  it.each([
    [
      { slug: 'video', name: 'Video', description: 'Moving pictures', count: 4 },
      { slug: 'video', name: 'Video', count: 4 },
    ],
    [
      { slug: 'player', name: 'Player' },
      { slug: 'player', name: 'Player' },
    ],
  ])('%o → %o', (tag, expected) => {
    expect(toTagCount(tag)).toEqual(expected)
  })
})
