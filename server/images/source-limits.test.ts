import { describe, expect, it } from 'vitest'
import type { FetchedSource } from './fetch-source.ts'
import { ImageError } from './image-errors.ts'
import { limitSourceFetches, type SourceLimitsOptions } from './source-limits.ts'

/** A fetcher whose every fetch waits until the test lets it answer. */
function heldFetcher() {
  const started: string[] = []
  const finishers = new Map<string, () => void>()
  const fetchSource = (source: URL) =>
    new Promise<FetchedSource>((resolve) => {
      started.push(source.href)
      finishers.set(source.href, () => resolve({ body: Buffer.alloc(0), url: source, allowedOrigin: false }))
    })
  return { fetchSource, started, finish: (href: string) => finishers.get(href)?.() }
}

const LIMITS: SourceLimitsOptions = {
  perOrigin: 2,
  perOriginQueued: 1,
  total: 3,
  totalQueued: 1,
  maxWaitMs: 60_000,
  isAllowed: (origin) => origin === 'https://own.example',
}

/** What each asked fetch came to: `running`, `queued`, or the status it was refused with. */
async function outcomes(hrefs: string[], options: SourceLimitsOptions = LIMITS) {
  const held = heldFetcher()
  const limited = limitSourceFetches(held.fetchSource, options)
  const states = hrefs.map(() => 'queued')
  hrefs.forEach((href, index) => {
    limited.fetchSource(new URL(href)).catch((error: unknown) => {
      states[index] = error instanceof ImageError ? `${error.status} retry ${error.retryAfterSeconds}` : 'other'
    })
  })
  await new Promise((resolve) => setImmediate(resolve))
  for (const href of held.started) states[hrefs.indexOf(href)] = 'running'
  return { states, limited, held }
}

describe('source fetch limits', () => {
  it.each([
    [
      'runs perOrigin fetches of one origin, queues perOriginQueued, refuses the next',
      ['https://slow.example/1', 'https://slow.example/2', 'https://slow.example/3', 'https://slow.example/4'],
      ['running', 'running', 'queued', '503 retry 60'],
    ],
    [
      'lets another origin run while one is at its bound',
      ['https://slow.example/1', 'https://slow.example/2', 'https://slow.example/3', 'https://other.example/1'],
      ['running', 'running', 'queued', 'running'],
    ],
    [
      'shares a pool of `total` between the origins outside the allowed ones, queue included',
      [
        'https://a.example/1',
        'https://b.example/1',
        'https://c.example/1',
        'https://d.example/1',
        'https://e.example/1',
      ],
      ['running', 'running', 'running', 'queued', '503 retry 60'],
    ],
    [
      'keeps the allowed origins out of that pool',
      [
        'https://a.example/1',
        'https://b.example/1',
        'https://c.example/1',
        'https://d.example/1',
        'https://own.example/1',
      ],
      ['running', 'running', 'running', 'queued', 'running'],
    ],
  ])('%s', async (_name, hrefs, expected) => {
    expect((await outcomes(hrefs)).states).toEqual(expected)
  })

  it('reports what runs and waits, and forgets an origin once nothing of it runs or waits', async () => {
    const { limited, held } = await outcomes([
      'https://slow.example/1',
      'https://slow.example/2',
      'https://slow.example/3',
    ])
    expect([limited.active, limited.queued, limited.origins]).toEqual([2, 1, 1])
    held.finish('https://slow.example/1')
    await expect.poll(() => held.started.length).toBe(3)
    held.finish('https://slow.example/2')
    held.finish('https://slow.example/3')
    await expect.poll(() => limited.active).toBe(0)
    expect([limited.queued, limited.origins]).toEqual([0, 0])
  })

  it('refuses a fetch that waited longer than maxWaitMs, and runs the next one', async () => {
    const options = { ...LIMITS, maxWaitMs: 20 }
    const { states, held } = await outcomes(
      ['https://slow.example/1', 'https://slow.example/2', 'https://slow.example/3'],
      options,
    )
    await expect.poll(() => states[2]).toBe('503 retry 1')
    expect(held.started).toHaveLength(2)
  })
})
