import { describe, expect, it } from 'vitest'
import { isTakedown } from './takedown-status.ts'

describe('isTakedown', () => {
  it.each([
    [200, false],
    [301, true],
    [302, true],
    [304, false],
    [308, true],
    [404, true],
    [410, true],
    [429, false],
    [500, false],
    [503, false],
  ])('a re-render answering %i takes the page down: %s', (status, takenDown) => {
    expect(isTakedown(status)).toBe(takenDown)
  })
})
