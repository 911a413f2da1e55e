import { describe, expect, it } from 'vitest'
import { htmlKey } from '../cache-keys.ts'
import { judgeEntry, judgeStored, pageMark, pageMarks, scopeMarks } from './purge-marks.ts'
import type { PurgeScope } from './purge-scope.ts'

const ABOUT_EN_PAGE2 = htmlKey('a.example', 'en', 'https://a.example', '/c/about?page=2')

describe('judgeStored', () => {
  it.each<[string, number, (number | undefined)[], (number | undefined)[], string]>([
    ['no record', 100, [undefined], [undefined], 'current'],
    ['stored after every record', 100, [99], [98], 'current'],
    ['a soft purge after it was stored', 100, [undefined, 101], [undefined], 'stale'],
    ['a soft purge at the same time', 100, [100], [], 'stale'],
    ['a hard purge after it was stored', 100, [101], [undefined, 150], 'absent'],
    ['a hard purge before it, a soft one after', 100, [120], [90], 'stale'],
  ])('%s', (_label, storedAt, soft, hard, worth) => {
    expect(judgeStored(storedAt, soft, hard)).toBe(worth)
  })
})

describe('purge records', () => {
  it('a page is judged by everything, its host, its path in its language (any query), itself and its tags, in both modes', () => {
    const marks = pageMarks('ts:', ABOUT_EN_PAGE2, ['page:p7'])
    expect(marks.soft).toEqual([
      'ts:purged:soft:*',
      `ts:purged:soft:page:${ABOUT_EN_PAGE2}`,
      'ts:purged:soft:host:a.example',
      'ts:purged:soft:path:a.example:en:/c/about',
      'ts:purged:soft:tag:a.example:page:p7',
    ])
    expect(marks.hard).toEqual(marks.soft.map((mark) => mark.replace(':soft:', ':hard:')))
  })

  it.each<[string, PurgeScope, number]>([
    ['everything', { host: null, mode: 'hard' }, 0],
    ['a host', { host: 'a.example', mode: 'soft' }, 2],
    [
      'a path in two languages',
      { host: 'a.example', mode: 'soft', pages: [{ languages: ['zh', 'en'], routerPathname: '/c/about' }] },
      3,
    ],
    ['a tag', { host: 'a.example', mode: 'soft', tags: ['page:p7'] }, 4],
  ])('a purge of %s writes a record its pages are judged by', (_label, scope, index) => {
    const written = scopeMarks('ts:', scope)
    expect(written.length).toBeGreaterThan(0)
    expect(pageMarks('ts:', ABOUT_EN_PAGE2, ['page:p7'])[scope.mode]).toContain(written.at(-1))
    expect(pageMarks('ts:', ABOUT_EN_PAGE2, ['page:p7'])[scope.mode][index]).toBe(written.at(-1))
  })

  it('a page found through a tag index is marked under its own record', () => {
    expect(pageMarks('ts:', ABOUT_EN_PAGE2).hard).toContain(pageMark('ts:', 'hard', ABOUT_EN_PAGE2))
  })

  it("another tenant's records never judge a page", () => {
    expect(pageMarks('ts:', ABOUT_EN_PAGE2).soft).not.toContain(
      scopeMarks('ts:', { host: 'b.example', mode: 'soft' })[0],
    )
  })
})

describe('judgeEntry', () => {
  // The times of entryMarks' records, in its order: soft and hard of everything, then of the host.
  const times = (softAll?: number, hardAll?: number, softHost?: number, hardHost?: number) => [
    softAll,
    hardAll,
    softHost,
    hardHost,
  ]
  it.each([
    ['no record', times(), 'current'],
    ['a soft purge of everything after it', times(20), 'stale'],
    ['a soft purge of everything before it', times(5), 'current'],
    ['a hard purge of everything after it', times(20, 20), 'absent'],
    ['a soft purge of its host after it', times(undefined, undefined, 20), 'absent'],
    ['a hard purge of its host after a soft one of everything', times(20, undefined, undefined, 30), 'absent'],
  ] as const)('a shared answer stored at 10 with %s reads as %s', (_, marks, expected) => {
    expect(judgeEntry(10, marks)).toBe(expected)
  })
})
