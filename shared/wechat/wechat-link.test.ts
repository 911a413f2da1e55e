import { describe, expect, it } from 'vitest'
import { isWechatUserAgent, wechatHeadScript, withWechatRef } from './wechat-link.ts'

describe('withWechatRef', () => {
  it.each([
    ['http://res.localhost/', 'http://res.localhost/?ref=wx'],
    ['http://res.localhost/d/r1', 'http://res.localhost/d/r1?ref=wx'],
    ['http://res.localhost/s?query=linux&page=2', 'http://res.localhost/s?query=linux&page=2&ref=wx'],
    ['http://res.localhost/s?ref=wx', 'http://res.localhost/s?ref=wx'],
    ['http://res.localhost/s?ref=share&a=1', 'http://res.localhost/s?ref=wx&a=1'],
    ['http://res.localhost/doc_guide#install', 'http://res.localhost/doc_guide?ref=wx#install'],
    ['http://res.localhost/s?query=%E4%B9%A6', 'http://res.localhost/s?query=%E4%B9%A6&ref=wx'],
    ['http://nav.localhost/zh-TW/', 'http://nav.localhost/zh-TW/?ref=wx'],
  ])('%s → %s', (href, expected) => {
    expect(withWechatRef(href)).toBe(expected)
  })
})

describe('isWechatUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/zh_CN',
      true,
    ],
    [
      'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64',
      true,
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36', false],
    ['', false],
  ])('%s → %s', (userAgent, expected) => {
    expect(isWechatUserAgent(userAgent)).toBe(expected)
  })
})

describe('wechatHeadScript', () => {
  it.each([
    [0, 'wx-style-0'],
    [1, 'wx-style-1'],
  ] as const)('marks the document for style %s only in WeChat', (style, styleClass) => {
    const run = (userAgent: string) => {
      const classes: string[] = []
      const document = { documentElement: { classList: { add: (...names: string[]) => classes.push(...names) } } }
      new Function('navigator', 'document', wechatHeadScript(style))({ userAgent }, document)
      return classes
    }
    expect(run('Mozilla/5.0 MicroMessenger/8.0.40')).toEqual(['wx', styleClass])
    expect(run('Mozilla/5.0 Chrome/130.0')).toEqual([])
  })
})
