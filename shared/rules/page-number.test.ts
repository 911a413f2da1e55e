import { describe, expect, it } from 'vitest'
import { MAX_PAGE, pageCount, toPageNumber } from './page-number.ts'

describe('toPageNumber', () => {
  it.each<[string, number | null]>([
    ['1', 1],
    ['2', 2],
    ['999', 999],
    ['1000', 1000],
    ['1001', null],
    ['9999', null],
    ['99999', null],
    ['0', null],
    ['00', null],
    ['01', null],
    ['-1', null],
    ['+1', null],
    ['1.5', null],
    ['1.0', null],
    ['1e3', null],
    ['0x10', null],
    [' 2', null],
    ['2 ', null],
    ['', null],
    ['abc', null],
    ['٣', null],
    ['Infinity', null],
  ])('%j → %j', (raw, expected) => {
    expect(toPageNumber(raw)).toBe(expected)
  })
})

describe('pageCount', () => {
  it.each<[number, number, number]>([
    [0, 20, 1],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [45, 20, 3],
    [60, 24, 3],
    [20_000, 20, 1000],
    [20_001, 20, MAX_PAGE],
    [1e12, 20, MAX_PAGE],
    [Number.POSITIVE_INFINITY, 20, MAX_PAGE],
    [-5, 20, 1],
    [Number.NaN, 20, 1],
    [10, 0, 1],
    [10, -1, 1],
  ])('%d items at %d a page → %d pages', (total, pageSize, expected) => {
    expect(pageCount(total, pageSize)).toBe(expected)
  })
})
