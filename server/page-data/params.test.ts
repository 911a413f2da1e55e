import { describe, expect, it } from 'vitest'
import { pageFromQuery, parsePage, withPage } from './params.ts'

const env = { browserPath: '/res/books' }

function outcome(run: () => number): number | string {
  try {
    return run()
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status === 404 ? '404' : 'other error'
  }
}

describe('parsePage (path segments and the page parameter)', () => {
  it.each<[string | null | undefined, number | string]>([
    [null, 1],
    [undefined, 1],
    ['1', 1],
    ['7', 7],
    ['1000', 1000],
    ['1001', '404'],
    ['', '404'],
    ['0', '404'],
    ['01', '404'],
    ['-2', '404'],
    ['2.5', '404'],
    ['x', '404'],
  ])('%j → %j', (raw, expected) => {
    expect(outcome(() => parsePage(raw, env))).toBe(expected)
  })
})

describe('pageFromQuery', () => {
  it.each<[string, number | string]>([
    ['', 1],
    ['?page=', 1],
    ['?page=3', 3],
    ['?page=3&page=9', 3],
    ['?page=1001', '404'],
    ['?page=abc', '404'],
    ['?page=%201', '404'],
  ])('%j → %j', (search, expected) => {
    expect(outcome(() => pageFromQuery({ ...env, url: new URL(`http://a.example/res/books${search}`) }))).toBe(expected)
  })
})

describe('withPage', () => {
  it.each([
    [1, '/res/books'],
    [2, '/res/books?page=2'],
  ])('page %d → %j', (page, expected) => {
    expect(withPage('/res/books', page)).toBe(expected)
  })
})
