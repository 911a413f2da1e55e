import { describe, expect, it } from 'vitest'
import { contentLength, isJsonType, toHeaders, toList } from './transport-headers.ts'

describe('contentLength', () => {
  it.each([
    ['123', 123],
    ['0', 0],
    [['42', '43'], 42],
    [undefined, undefined],
    ['', undefined],
    ['-1', undefined],
    ['1e3', undefined],
    [' 12', undefined],
    ['12abc', undefined],
  ] as const)('%j → %j', (value, expected) => {
    expect(contentLength(value as string | string[] | undefined)).toBe(expected)
  })
})

describe('isJsonType', () => {
  it.each([
    ['application/json', true],
    ['Application/JSON; charset=utf-8', true],
    ['application/problem+json', true],
    ['application/vnd.api+json ;x=1', true],
    ['text/html', false],
    ['application/jsonp', false],
    ['text/json', false],
    ['', false],
  ])('%j → %j', (value, expected) => {
    expect(isJsonType(value)).toBe(expected)
  })
})

describe('toList', () => {
  it('lists no value, one value and several', () => {
    expect(toList(undefined)).toEqual([])
    expect(toList('a=1')).toEqual(['a=1'])
    expect(toList(['a=1', 'b=2'])).toEqual(['a=1', 'b=2'])
  })
})

describe('toHeaders', () => {
  it('sends the optional headers only when the context has them', () => {
    const base = { userAgent: 'ua', referer: 'https://t.example/', appDomain: 't.example' }
    expect(Object.keys(toHeaders(base))).not.toContain('cookie')
    expect(Object.keys(toHeaders(base))).not.toContain('x-forwarded-for')
    const all = toHeaders({ ...base, siteId: '7', cookie: 'sid=1', requestId: 'r1', forwardedFor: '203.0.113.7' })
    expect(all).toMatchObject({
      'Site-Id': '7',
      cookie: 'sid=1',
      'x-request-id': 'r1',
      'x-forwarded-for': '203.0.113.7',
      'app-domain': 't.example',
    })
  })
})
