import { describe, expect, it } from 'vitest'
import { pickTransferCookie, toTransferOutcome, type TransferOutcome } from './transfer-rules.ts'

describe('toTransferOutcome', () => {
  it.each<[string, { status: number; data: unknown }, TransferOutcome]>([
    [
      'a saved link',
      { status: 0, data: { final_share_url: 'https://pan.quark.cn/s/abc' } },
      { kind: 'saved', url: 'https://pan.quark.cn/s/abc' },
    ],
    ['1030: a wrong share link', { status: 1030, data: null }, { kind: 'failed', message: 'shareLinkError' }],
    ['1031: an expired share link', { status: 1031, data: null }, { kind: 'failed', message: 'shareLinkExpired' }],
    ['another status', { status: 100, data: null }, { kind: 'failed', message: 'transferFailed' }],
    ['HTTP failure envelopes', { status: 502, data: null }, { kind: 'failed', message: 'transferFailed' }],
    ['success without a link', { status: 0, data: {} }, { kind: 'failed', message: 'transferFailed' }],
    [
      'success with a link carrying credentials',
      { status: 0, data: { final_share_url: 'https://u:p@pan.quark.cn/s/abc' } },
      { kind: 'failed', message: 'transferFailed' },
    ],
    [
      'a saved link with spaces around',
      { status: 0, data: { final_share_url: ' https://pan.quark.cn/s/abc ' } },
      { kind: 'saved', url: 'https://pan.quark.cn/s/abc' },
    ],
    [
      'success with a script link',
      { status: 0, data: { final_share_url: 'javascript:alert(1)' } },
      { kind: 'failed', message: 'transferFailed' },
    ],
  ])('%s', (_name, envelope, expected) => {
    expect(toTransferOutcome(envelope)).toEqual(expected)
  })
})

describe('pickTransferCookie', () => {
  it.each([
    [['quark-main', 'baidu-main'], 'baidu', 'baidu-main'],
    [['quark-main', 'baidu-main'], 'Quark', 'quark-main'],
    [['quark-main', 'baidu-main'], 'aliyun', 'quark-main'],
    [['quark-main'], '', 'quark-main'],
    [[], 'quark', null],
  ])('%j for %j → %j', (cookies, panType, expected) => {
    expect(pickTransferCookie(cookies, panType)).toBe(expected)
  })
})
