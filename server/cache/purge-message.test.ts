import { describe, expect, it } from 'vitest'
import { parsePurgeText, toPurgeText, type PurgeEnvelope } from './purge-message.ts'

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
