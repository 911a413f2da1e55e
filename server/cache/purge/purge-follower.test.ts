import { describe, expect, it } from 'vitest'
import { captureLog } from '../../../test/log-capture.ts'
import { compareIds, createPurgeFollower, type FollowEvent, type PurgeGap } from './purge-follower.ts'
import { toPurgeText } from './purge-message.ts'
import type { PurgeScope } from './purge-scope.ts'
import type { StreamEntry } from './redis-purge-stream.ts'

const STARTED = 1_000_000

/** A stream in memory: ids `<ms>-0` from STARTED on, trimmed from the front by `trim`. */
function memoryStream() {
  const entries: StreamEntry[] = []
  let next = STARTED
  let failing = false
  return {
    entries,
    append(text: string): string {
      const id = `${next++}-0`
      entries.push({ id, text })
      return id
    },
    purge(host: string, from = 'other', id = `purge-${next}`): string {
      return this.append(toPurgeText({ id, from, scope: { host, mode: 'hard' }, streamed: true }))
    },
    trim(count: number) {
      entries.splice(0, count)
    },
    fail(value: boolean) {
      failing = value
    },
    reader: {
      async read(from: string, count: number) {
        if (failing) throw new Error('down')
        return entries.filter((entry) => compareIds(entry.id, from) >= 0).slice(0, count)
      },
      async last() {
        if (failing) throw new Error('down')
        return entries.at(-1)?.id ?? null
      },
    },
  }
}

function follower(
  stream: ReturnType<typeof memoryStream>,
  apply: (scope: PurgeScope) => void = () => {},
  gap?: PurgeGap,
) {
  const applied: (string | null)[] = []
  const events: FollowEvent[] = []
  const log = captureLog('warn')
  const made = createPurgeFollower({
    reader: stream.reader,
    self: 'me',
    startedAt: STARTED,
    log: log.log,
    batch: 2,
    onEvent: (event) => events.push(event),
    ...(gap ? { gap } : {}),
    apply(scope) {
      apply(scope)
      applied.push(scope.host === null ? `* ${scope.mode}` : scope.host)
    },
  })
  return { ...made, applied, events, log }
}

describe('following the purge stream', () => {
  it("applies every other instance's purge once, in order, across reads of several batches; its own are skipped", async () => {
    const stream = memoryStream()
    const reader = follower(stream)
    for (const host of ['a', 'b', 'c', 'd', 'e']) stream.purge(host)
    stream.purge('mine', 'me')
    await reader.catchUp()
    stream.purge('f')
    await reader.catchUp()
    await reader.catchUp()
    expect(reader.applied).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
  })

  it('a purge appended twice (a write that timed out had landed) or offered by its wake-up first is applied once', async () => {
    const stream = memoryStream()
    const reader = follower(stream)
    stream.purge('a', 'other', 'same')
    stream.purge('a', 'other', 'same')
    reader.offer({ id: 'early', from: 'other', scope: { host: 'b', mode: 'soft' }, streamed: true })
    stream.purge('b', 'other', 'early')
    await reader.catchUp()
    expect(reader.applied).toEqual(['b', 'a'])
    expect(reader.events).toEqual(['received', 'received'])
  })

  it('an instance whose last entry was trimmed away marks everything stale once, says so, and reads on', async () => {
    const stream = memoryStream()
    const reader = follower(stream)
    stream.purge('a')
    await reader.catchUp()
    for (const host of ['b', 'c', 'd']) stream.purge(host)
    stream.trim(2)
    await reader.catchUp()
    expect(reader.applied).toEqual(['a', '* soft', 'c', 'd'])
    expect(reader.events.filter((event) => event === 'gap')).toHaveLength(1)
    expect(reader.log.text()).toContain('purge stream trimmed or lost past this instance')
    stream.purge('e')
    await reader.catchUp()
    expect(reader.applied.at(-1)).toBe('e')
    expect(reader.events.filter((event) => event === 'gap')).toHaveLength(1)
  })

  it('a stream lost entirely (evicted, a Redis restarted empty) after an entry was read is a gap too', async () => {
    const stream = memoryStream()
    const reader = follower(stream)
    stream.purge('a')
    await reader.catchUp()
    stream.trim(1)
    await reader.catchUp()
    expect(reader.applied).toEqual(['a', '* soft'])
  })

  it("with gap 'drop', a gap drops everything held instead, and says so", async () => {
    const stream = memoryStream()
    const reader = follower(stream, () => {}, 'drop')
    stream.purge('a')
    await reader.catchUp()
    stream.trim(1)
    stream.purge('b')
    await reader.catchUp()
    expect(reader.applied).toEqual(['a', '* hard', 'b'])
    expect(reader.log.text()).toContain('dropping every cached page')
  })

  it('before any entry, nothing is a gap: the purges of the moment it started are read, earlier ones not', async () => {
    const stream = memoryStream()
    stream.entries.push({
      id: `${STARTED - 60_000}-0`,
      text: toPurgeText({ id: 'old', from: 'x', scope: { host: 'old', mode: 'hard' }, streamed: true }),
    })
    stream.entries.push({
      id: `${STARTED - 1000}-0`,
      text: toPurgeText({ id: 'recent', from: 'x', scope: { host: 'recent', mode: 'hard' }, streamed: true }),
    })
    const reader = follower(stream)
    await reader.catchUp()
    expect(reader.applied).toEqual(['recent'])
    expect(reader.events).not.toContain('gap')
  })

  it('a malformed entry or a purge that throws is logged and counted, never thrown, and the next one applies', async () => {
    const stream = memoryStream()
    const reader = follower(stream, (scope) => {
      if (scope.host === 'boom') throw new Error('purge failed')
    })
    stream.append('{"from": "x", "host": 42}')
    stream.append('not json')
    stream.purge('boom')
    stream.purge('after')
    await expect(reader.catchUp()).resolves.toBe(true)
    expect(reader.applied).toEqual(['after'])
    expect(reader.events).toEqual(['malformed', 'malformed', 'received', 'failed', 'received'])
    const messages = reader.log.lines.map((line) => line.msg)
    expect(messages.filter((message) => message === 'malformed purge in the stream')).toHaveLength(2)
    expect(messages).toContain('purge from another instance could not be applied here')
  })

  it('a read that fails applies nothing and answers false; the next one resumes from the same entry', async () => {
    const stream = memoryStream()
    const reader = follower(stream)
    stream.purge('a')
    await reader.catchUp()
    stream.purge('b')
    stream.fail(true)
    expect(await reader.catchUp()).toBe(false)
    stream.fail(false)
    expect(await reader.catchUp()).toBe(true)
    expect(reader.applied).toEqual(['a', 'b'])
    expect(reader.events).not.toContain('gap')
  })

  it.each([
    ['1-0', '2-0', -1],
    ['10-0', '9-0', 1],
    ['5-2', '5-10', -1],
    ['7-1', '7-1', 0],
  ])('orders stream ids numerically: %s against %s', (a, b, sign) => {
    expect(Math.sign(compareIds(a, b))).toBe(sign)
  })
})
