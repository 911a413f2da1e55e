import { describe, expect, it } from 'vitest'
import { toFragmentId } from './fragment-id.ts'
import { withFragmentId } from './link-fragment.ts'

describe('withFragmentId', () => {
  it.each([
    ['/sp/ai-tools#AI 對話', '/sp/ai-tools#AI-對話'],
    ['/sp/ai-tools#  AI   繪圖 ', '/sp/ai-tools#AI-繪圖'],
    ['#AI 程式', '#AI-程式'],
    ['/#features', '/#features'],
    ['/c/about?x=1#a b', '/c/about?x=1#a-b'],
    ['/c/about#', '/c/about#'],
    ['#', '#'],
    ['/c/about', '/c/about'],
  ])('%j → %j', (input, output) => {
    expect(withFragmentId(input)).toBe(output)
  })

  it('names the id a target made from the same words gets', () => {
    const name = ' AI 對話 '
    expect(withFragmentId(`/sp/ai-tools#${name}`)).toBe(`/sp/ai-tools#${toFragmentId(name)}`)
  })
})
