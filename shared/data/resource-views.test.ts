import { describe, expect, it } from 'vitest'
import type { Resource } from '../types.ts'
import { CARD_TAGS, toAsideResource, toResourceSummary, toTagLink } from './resource-views.ts'

const resource: Resource = {
  id: 'r1', seo_title: 'vlc', title: 'VLC', description: 'A media player', image: 'https://img.example/vlc.png',
  category: { key: 'software', name: 'Software', count: 12 },
  tags: [
    { slug: 'video', name: 'Video', description: 'Moving pictures', count: 4 },
    { slug: 'audio', name: 'Audio', count: 2 },
    { slug: 'open-source', name: 'Open source' },
    { slug: 'player', name: 'Player' },
  ],
  pan_type: 'baidu', target_urls: [{ target_url: 'https://pan.example/s/1', code: 'abcd', pan_type: 'baidu' }],
  view_count: 120, hot_count: 7, created_at: 1_700_000_000, updated_at: 1_710_000_000,
}

describe('toResourceSummary', () => {
  it('keeps what a card renders and nothing else', () => {
    expect(toResourceSummary(resource)).toEqual({
      id: 'r1', seo_title: 'vlc', title: 'VLC', description: 'A media player', image: 'https://img.example/vlc.png',
      category: { key: 'software', name: 'Software' },
      tags: [{ slug: 'video', name: 'Video' }, { slug: 'audio', name: 'Audio' }, { slug: 'open-source', name: 'Open source' }],
      date: 1_710_000_000,
    })
    expect(toResourceSummary(resource).tags).toHaveLength(CARD_TAGS)
  })

  it.each<[string, Partial<Resource>, Partial<ReturnType<typeof toResourceSummary>>]>([
    ['no image: no image field', { image: '' }, { image: undefined }],
    ['never changed: the publication date', { updated_at: 0 }, { date: 1_700_000_000 }],
    ['no dates: 0', { updated_at: 0, created_at: 0 }, { date: 0 }],
    ['no tags: none', { tags: [] }, { tags: [] }],
    ['a long description: cut at 200 characters', { description: '字'.repeat(250) }, { description: `${'字'.repeat(200)}…` }],
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
    [{ slug: 'video', name: 'Video', description: 'Moving pictures', count: 4 }, { slug: 'video', name: 'Video' }],
    [{ slug: 'player', name: 'Player' }, { slug: 'player', name: 'Player' }],
  ])('%o → %o', (tag, expected) => {
    expect(toTagLink(tag)).toEqual(expected)
  })
})
