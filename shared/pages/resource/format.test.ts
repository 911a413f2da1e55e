import { describe, expect, it } from 'vitest'
import { safeExternalHref, safeImageSrc } from './format.ts'

describe('format helpers', () => {
  it.each([
    ['https://img.test/a.png', 'https://img.test/a.png'],
    ['/static/a.png', '/static/a.png'],
    ['data:image/svg+xml;charset=utf-8,%3Csvg%3E', 'data:image/svg+xml;charset=utf-8,%3Csvg%3E'],
    ['javascript:alert(1)', undefined],
    ['//evil.test/a.png', undefined],
    ['data:text/html,<script>', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('safeImageSrc(%j) → %j', (input, expected) => {
    expect(safeImageSrc(input)).toBe(expected)
  })

  it.each([
    ['https://pan.test/s/1', 'https://pan.test/s/1'],
    ['javascript:alert(1)', undefined],
    ['ftp://x', undefined],
  ])('safeExternalHref(%j) → %j', (input, expected) => {
    expect(safeExternalHref(input)).toBe(expected)
  })

})
