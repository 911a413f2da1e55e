import { describe, expect, it } from 'vitest'
import type { Resource } from '../../shared/content-types.ts'
import { matchScore } from './resource-query.ts'

const resource: Resource = {
  id: 'r1',
  seo_title: 'source-han-sans',
  title: '思源黑体 全字重',
  description: '七个字重的开源黑体，覆盖简繁日韩。',
  category: { key: 'font', name: '字体' },
  tags: [{ slug: 'cjk-font', name: '中文字体' }],
  pan_type: 'quark',
  target_urls: [],
  view_count: 0,
  hot_count: 0,
  created_at: 0,
  updated_at: 0,
}

describe('matchScore', () => {
  it.each([
    ['', 1, 1],
    ['思源黑体', 1, 2],
    ['思源黑', 1, 2],
    ['开源黑体', 1, 1],
    ['中文字体', 1, 1],
    ['思源体', 1, 0],
    ['思源体', 2, 2],
    ['字重 思源', 2, 2],
    ['字重 开源', 2, 1],
    ['字重 宋体', 2, 0],
    ['SOURCE', 2, 0],
  ] as const)('"%s" with search_type %i scores %i', (query, type, expected) => {
    expect(matchScore(resource, query, type)).toBe(expected)
  })
})
