import { describe, expect, it } from 'vitest'
import { safeImage } from './links-loader.ts'

describe('safeImage', () => {
  it.each([
    ['https://cdn.example/logo.png', 'https://cdn.example/logo.png'],
    ['/uploads/logo.svg', '/uploads/logo.svg'],
    ['data:image/svg+xml,%3Csvg%3E%3C/svg%3E', 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E'],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
  ])('keeps %s', (raw, expected) => {
    expect(safeImage(raw)).toBe(expected)
  })

  it.each([
    ['missing', undefined],
    ['javascript:', 'javascript:alert(1)'],
    ['HTML data', 'data:text/html,<script>alert(1)</script>'],
    ['scheme-relative', '//cdn.example/logo.png'],
    ['relative', 'logo.png'],
    ['credentials', 'https://user:pass@cdn.example/logo.png'],
    ['oversize inline image', `data:image/png;base64,${'A'.repeat(20_000)}`],
  ])('drops %s', (_name, raw) => {
    expect(safeImage(raw)).toBe('')
  })
})
