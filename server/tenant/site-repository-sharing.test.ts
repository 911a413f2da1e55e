import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createMemorySharedStore } from '../cache/redis/shared-store.ts'
import { sendEnvelope } from '../upstream/stub-upstream.test-helper.ts'
import { context, siteConfig, STALE, TTL, useRepositoryHarness } from './site-repository.test-helper.ts'

const harness = useRepositoryHarness()

describe('a shared store between instances', () => {
  const store = () => createMemorySharedStore(() => harness.clock.time)

  it('one instance loads a site config, another reads it back parsed, under stable named keys', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, { site_config: siteConfig('tenant.example') }))
    const shared = { store: store(), prefix: 'ts:' }
    const a = harness.repository({ shared }).repo
    const b = harness.repository({ shared }).repo
    await a.getSite('tenant.example', context)
    // Defaults filled by the schema prove the stored raw value was parsed again on the way in.
    expect(await b.getSite('tenant.example', context)).toMatchObject({
      kind: 'found',
      site: { domain: 'tenant.example', footer_config: { is_enable: 0 } },
    })
    expect(harness.siteCalls()).toHaveLength(1)
    expect(shared.store.keys).toEqual(['ts:{tenant.example}:site'])
  })

  it('shares "no such site" as a serialisable marker', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, null, 404, 'site not found'))
    const shared = { store: store(), prefix: 'ts:' }
    await harness.repository({ shared }).repo.getSite('nobody.example', context)
    expect(await harness.repository({ shared }).repo.getSite('nobody.example', context)).toEqual({ kind: 'not-found' })
    expect(harness.siteCalls()).toHaveLength(1)
    expect(JSON.parse(String(await shared.store.get('ts:{nobody.example}:site')))).toEqual({
      t: harness.clock.time,
      nf: 1,
    })
  })

  it('keeps a shared value only as long as it may be served, and keeps its age', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, { site_config: siteConfig('tenant.example') }))
    const shared = { store: store(), prefix: 'ts:' }
    await harness.repository({ shared }).repo.getSite('tenant.example', context)
    harness.clock.time += TTL + 1
    // Fresh on no instance any more: the second instance loads again instead of trusting it.
    await harness.repository({ shared }).repo.getSite('tenant.example', context)
    expect(harness.siteCalls()).toHaveLength(2)
    harness.clock.time += TTL + STALE
    expect(shared.store.keys).toEqual([])
  })

  it('a stored value of the wrong shape is ignored and loaded again', async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, { site_config: siteConfig('tenant.example') }))
    const shared = { store: store(), prefix: 'ts:' }
    await shared.store.set(
      'ts:{tenant.example}:site',
      JSON.stringify({ t: harness.clock.time, v: { site_config: { site_id: 7 } } }),
      TTL,
    )
    const { repo, onError } = harness.repository({ shared })
    expect(await repo.getSite('tenant.example', context)).toMatchObject({ kind: 'found' })
    expect(harness.siteCalls()).toHaveLength(1)
    expect(onError).toHaveBeenCalled()
  })

  it("data is stored raw and each instance parses it with its reader's schema", async () => {
    harness.stub.handle((_request, res) => sendEnvelope(res, { total: '3', rows: [] }))
    const shared = { store: store(), prefix: 'ts:' }
    const asNumber = z.object({ total: z.coerce.number() })
    const asText = z.object({ total: z.string() })
    expect(
      await harness
        .repository({ shared })
        .repo.getData('tenant.example', '/v1/x', { a: 1 }, asNumber, context, { cache: true }),
    ).toEqual({ total: 3 })
    const other = harness.repository({ shared }).repo
    expect(await other.getData('tenant.example', '/v1/x', { a: 1 }, asText, context, { cache: true })).toEqual({
      total: '3',
    })
    expect(harness.stub.requests).toHaveLength(1)
    expect(shared.store.keys).toEqual(['ts:{tenant.example}:data:/v1/x:{"a":1}'])
  })
})
