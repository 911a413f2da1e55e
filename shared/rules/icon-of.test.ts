import { describe, expect, it } from 'vitest'
import { iconOf } from './icon-of.ts'

describe('iconOf', () => {
  it.each([
    ['https://cdn.example/icons/help.png', { kind: 'image', src: 'https://cdn.example/icons/help.png' }],
    ['  http://cdn.example/a.svg ', { kind: 'image', src: 'http://cdn.example/a.svg' }],
    ['https://cdn.example/icon?id=7', { kind: 'image', src: 'https://cdn.example/icon?id=7' }],
    ['/static/icons/wechat.png', { kind: 'image', src: '/static/icons/wechat.png' }],
    ['/static/icons/wechat.SVG?v=2', { kind: 'image', src: '/static/icons/wechat.SVG?v=2' }],
    ['help', { kind: 'builtin', name: 'help' }],
    ['wechat', { kind: 'builtin', name: 'wechat' }],
    ['top', { kind: 'builtin', name: 'top' }],
    [' WeChat ', { kind: 'builtin', name: 'wechat' }],
    ['weixin', { kind: 'builtin', name: 'wechat' }],
    ['email', { kind: 'builtin', name: 'mail' }],
    ['back-to-top', { kind: 'builtin', name: 'top' }],
    // Neither an image nor a known name: the default marker, never a request.
    ['/help', { kind: 'marker' }],
    ['icons/help.png', { kind: 'marker' }],
    ['//evil.example/a.png', { kind: 'marker' }],
    ['javascript:alert(1)', { kind: 'marker' }],
    ['data:image/png;base64,AAAA', { kind: 'marker' }],
    ['https://user:pass@cdn.example/a.png', { kind: 'marker' }],
    ['rocket', { kind: 'marker' }],
    ['constructor', { kind: 'marker' }],
    ['', { kind: 'marker' }],
    ['   ', { kind: 'marker' }],
    [undefined, { kind: 'marker' }],
    [42, { kind: 'marker' }],
  ])('%j → %j', (value, expected) => {
    expect(iconOf(value)).toEqual(expected)
  })
})
