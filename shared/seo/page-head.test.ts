import { describe, expect, it } from 'vitest'
import { cutDescription, fillTemplate } from './page-head.ts'

describe('fillTemplate', () => {
  it.each([
    ['#搜索词# - #网站名称#', { siteName: 'Demo', searchTerm: 'vue' }, 'vue - Demo'],
    ['#资源名称#|#分类名称#', { siteName: 'S', resourceName: 'Book', categoryName: 'Docs' }, 'Book|Docs'],
    ['#榜单平台# #榜单分类# #榜单标签#', { siteName: 'S', rankPlatform: 'P', rankCategory: 'C', rankTag: 'T' }, 'P C T'],
    ['#标签名称#: #标签描述#', { siteName: 'S', tagName: 'n', tagDescription: 'd' }, 'n: d'],
    ['#文章名称# #文章描述# #资源描述#', { siteName: 'S', articleName: 'a', articleDescription: 'b', resourceDescription: 'c' }, 'a b c'],
    ['#搜索词# - #网站名称#', { siteName: 'Demo' }, '- Demo'],
    ['#网站名称##网站名称#', { siteName: 'X' }, 'XX'],
  ])('%s', (template, values, expected) => {
    expect(fillTemplate(template, values)).toBe(expected)
  })
})

describe('cutDescription', () => {
  it('keeps up to 160 characters', () => {
    expect(cutDescription('a'.repeat(160))).toHaveLength(160)
    expect(cutDescription('a'.repeat(161))).toHaveLength(160)
    expect(Array.from(cutDescription('😀'.repeat(200)))).toHaveLength(160)
  })
})
