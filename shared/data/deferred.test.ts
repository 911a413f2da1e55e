import { describe, expect, it } from 'vitest'
import { resolvedOr } from './deferred.ts'

type Tracked = Promise<unknown> & { _tracked?: boolean; _data?: unknown; _error?: unknown }

function tracked(promise: Promise<unknown>, marks: Partial<Tracked>): Promise<string[]> {
  promise.catch(() => {})
  return Object.assign(promise, marks) as Promise<string[]>
}

describe('resolvedOr', () => {
  it.each([
    ['resolved and marked', tracked(Promise.resolve(['/a']), { _tracked: true, _data: ['/a'] }), ['/a']],
    ['resolved to undefined and marked', tracked(Promise.resolve(undefined), { _tracked: true, _data: undefined }), undefined],
    ['still pending', tracked(new Promise(() => {}), { _tracked: true }), ['fallback']],
    ['failed', tracked(Promise.reject(new Error('x')), { _tracked: true, _error: new Error('x') }), ['fallback']],
    ['never marked', Promise.resolve(['/a']), ['fallback']],
    ['given as a plain value', ['/b'], ['/b']],
  ])('reads a deferred value %s', (_case, deferred, expected) => {
    expect(resolvedOr(deferred, ['fallback'])).toEqual(expected)
  })
})
