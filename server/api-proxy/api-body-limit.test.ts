import { afterEach, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../test/harness.ts'
import { DEFAULT_BODY_LIMIT_BYTES } from '../http/body-limit.ts'
import { HOST } from './api-proxy.test-helper.ts'

// BODY_LIMIT_BYTES (the app's bodyLimitBytes) bounds the same-origin API as it bounds form posts.
describe('the body limit of /api/*', () => {
  let site: TestSite | undefined
  afterEach(async () => {
    await site?.close()
    site = undefined
  })

  const postFeedback = (test: TestSite, bytes: number) =>
    test.request('/api/v1/feedback/submit', {
      method: 'POST',
      host: HOST,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(bytes) }),
    })

  it('is the configured one: a body over it is refused with 413, one under it is forwarded', async () => {
    site = await startTestSite({ app: { bodyLimitBytes: 2048 } })
    const over = await postFeedback(site, 4096)
    expect(over.status).toBe(413)
    expect(await over.json()).toMatchObject({ status: 413 })
    const under = await postFeedback(site, 512)
    expect(under.status).not.toBe(413)
    expect(site.upstreamCalls.get('/v1/feedback/submit')).toBe(1)
  })

  it('is 1 MiB when none is configured, the same constant the environment defaults to', async () => {
    site = await startTestSite({})
    expect((await postFeedback(site, DEFAULT_BODY_LIMIT_BYTES)).status).toBe(413)
  })
})
