import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { dataKey } from '../cache/cache-keys.ts'
import { createObjectMemo, type ObjectMemo } from '../cache/object-memo.ts'
import { createPageUses } from '../cache/page-uses.ts'
import { createTenantData } from './tenant-data.ts'
import type { SiteRepository } from './site-repository.ts'

const context = { userAgent: 'test', referer: '', appDomain: 'res.example' }
const schema = z.unknown()

/** A repository whose reads answer `answer`, the same object each time, as a cache hit would. */
function repositoryAnswering(answer: unknown, derived: ObjectMemo = createObjectMemo()): SiteRepository {
  return { getData: async () => answer, derived } as unknown as SiteRepository
}

/** The tags one request records for its read of `path`. */
async function tagsRecorded(sites: SiteRepository, path: string) {
  const uses = createPageUses()
  await createTenantData(sites, 'res.example', 'en', context, uses).data(path, { page: 1 }, schema)
  return { all: [...uses.tags].sort(), forKey: uses.keys.get(dataKey('res.example', path, { page: 1 })) }
}

// The tags are found by walking the answer; a cached answer object is walked once, and every page
// that reads it records the very same list.
describe('the purge tags a request records for a data answer', () => {
  it('are found once per cached answer object, and recorded for every page that reads it', async () => {
    const sites = repositoryAnswering({ list: [{ id: 'r1' }, { id: 'r2', category_id: 7 }] })
    const pages = [
      await tagsRecorded(sites, '/v1/resource/list'),
      await tagsRecorded(sites, '/v1/resource/list'),
      await tagsRecorded(sites, '/v1/resource/list'),
    ]
    for (const page of pages) {
      expect(page.all).toEqual(['category:7', 'resource:r1', 'resource:r2'])
      expect(page.forKey).toBe(pages[0]!.forKey)
    }
  })

  it('are found again for another answer object, and for an answer that is no object', async () => {
    const derived = createObjectMemo()
    const first = await tagsRecorded(repositoryAnswering({ page_id: 'p1' }, derived), '/v1/page')
    const other = await tagsRecorded(repositoryAnswering({ page_id: 'p2' }, derived), '/v1/page')
    expect(first.all).toEqual(['page:p1'])
    expect(other.all).toEqual(['page:p2'])

    const scalar = repositoryAnswering(42, derived)
    expect((await tagsRecorded(scalar, '/v1/count')).all).toEqual([])
  })

  it('are not looked for when the request records nothing', async () => {
    const derived = createObjectMemo()
    const lookups = vi.spyOn(derived, 'get')
    await createTenantData(repositoryAnswering({ page_id: 'p1' }, derived), 'res.example', 'en', context).data(
      '/v1/page',
      {},
      schema,
    )
    expect(lookups).not.toHaveBeenCalled()
  })
})
