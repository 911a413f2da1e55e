import { describe, expect, it } from 'vitest'
import { pageWindow } from './pagination.tsx'

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 3, null, 10]],
    [5, 10, [1, 2, 3, 4, 5, 6, 7, null, 10]],
    [6, 12, [1, null, 4, 5, 6, 7, 8, null, 12]],
    [10, 10, [1, null, 8, 9, 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, null, 10]],
  ])('page %i of %i → %j', (page, pages, expected) => {
    expect(pageWindow(page, pages)).toEqual(expected)
  })
})
