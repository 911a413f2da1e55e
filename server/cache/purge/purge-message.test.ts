import { describe, expect, it } from 'vitest'
import { parsePurgeText, toPurgeText, type PurgeEnvelope } from './purge-message.ts'

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'

describe('purge messages', () => {
  it.each<PurgeEnvelope>([
    { id: '1', from: 'a', streamed: true, scope: { host: null, mode: 'hard' } },
    { id: '2', from: 'a', streamed: true, scope: { host: 'shop.example', mode: 'soft', tags: ['post:12'] } },
    {
      id: '3',
      from: 'a',
      streamed: false,
      scope: { host: 'shop.example', mode: 'soft', pages: [{ languages: ['en'], routerPathname: '/c/about' }] },
    },
    {
      id: '4',
      from: 'a',
      streamed: true,
      scope: { host: 'shop.example', mode: 'soft' },
      trace: { traceparent: TRACEPARENT, tracestate: 'vendor=1' },
    },
  ])('round trip %#', (envelope) => {
    expect(parsePurgeText(toPurgeText(envelope))).toEqual({ ok: true, envelope })
  })

  it('keeps the scope at the top of the message, where instances of an earlier version read it', () => {
    const text = toPurgeText({ id: '1', from: 'a', streamed: true, scope: { host: 'shop.example', mode: 'soft' } })
    expect(JSON.parse(text)).toMatchObject({ from: 'a', host: 'shop.example', mode: 'soft' })
  })

  it('reads a message of an earlier version (no id, no mode) as a hard purge applied as it arrives', () => {
    const parsed = parsePurgeText('{"from": "old", "host": "shop.example"}')
    expect(parsed).toMatchObject({ ok: true, envelope: { from: 'old', streamed: false, scope: { mode: 'hard' } } })
  })

  it.each([
    ['not a traceparent', '"00-nope-01"'],
    ['a traceparent that is not text', '{"trace": 1}'],
    ['a traceparent with a newline', JSON.stringify(`${TRACEPARENT}\nx`)],
  ])('takes a purge whose trace context is malformed (%s), without it', (_label, traceparent) => {
    const parsed = parsePurgeText(`{"from": "a", "id": "5", "host": "shop.example", "traceparent": ${traceparent}}`)
    expect(parsed).toMatchObject({ ok: true, envelope: { id: '5', scope: { host: 'shop.example' } } })
    if (parsed.ok) expect(parsed.envelope).not.toHaveProperty('trace')
  })

  it('carries the trace context at the top of the message, where an earlier version ignores it', () => {
    const text = toPurgeText({
      id: '1',
      from: 'a',
      streamed: true,
      scope: { host: null, mode: 'soft' },
      trace: { traceparent: TRACEPARENT },
    })
    expect(JSON.parse(text)).toMatchObject({ from: 'a', host: null, traceparent: TRACEPARENT })
  })

  it.each([
    ['not JSON', 'nope'],
    ['no sender', '{"host": null}'],
    ['a host that is not text', '{"from": "a", "host": 42}'],
    ['an unknown mode', '{"from": "a", "host": null, "mode": "gentle"}'],
    ['tags that are not a list', '{"from": "a", "host": "h", "tags": "site"}'],
  ])('refuses %s with a reason', (_label, text) => {
    const parsed = parsePurgeText(text)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.reason).not.toBe('')
  })
})
