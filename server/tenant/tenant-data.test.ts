import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { dataKey } from '../cache/cache-keys.ts'
import { createObjectMemo } from '../cache/object-memo.ts'
import { createPageUses } from '../cache/page-uses.ts'
import { createTenantData } from './tenant-data.ts'
import type { SiteRepository } from './site-repository.ts'

// Counts the walks over answers while keeping what they find.
const walks = vi.hoisted(() => ({ count: 0 }))
vi.mock('../cache/entity-tags.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../cache/entity-tags.ts')>()
  return {
    ...original,
    entityTagsOf: (path: string, value: unknown) => {
      walks.count += 1
      return original.entityTagsOf(path, value)
    },
  }
})

const context = { userAgent: 'test', referer: '', appDomain: 'res.example' }
const schema = z.unknown()

/** A repository whose reads answer `answer`, the same object each time, as a cache hit would. */
function repositoryAnswering(answer: unknown): SiteRepository {
  return { getData: async () => answer, derived: createObjectMemo() } as unknown as SiteRepository
}

describe('the purge tags a request records for a data answer', () => {
  it('are found once per cached answer object, and recorded for every page that reads it', async () => {
    walks.count = 0
    const answer = { list: [{ id: 'r1' }, { id: 'r2', category_id: 7 }] }
    const sites = repositoryAnswering(answer)
    const pages = [createPageUses(), createPageUses(), createPageUses()]
    for (const uses of pages) await createTenantData(sites, 'res.example', 'en', context, uses).data('/v1/resource/list', { page: 1 }, schema)

    expect(walks.count).toBe(1)
    const key = dataKey('res.example', '/v1/resource/list', { page: 1 })
    for (const uses of pages) {
      expect([...uses.tags].sort()).toEqual(['category:7', 'resource:r1', 'resource:r2'])
      expect(uses.keys.get(key)).toEqual(['resource:r1', 'resource:r2', 'category:7'])
    }
  })

  it('are found again for another answer object, and for an answer that is no object', async () => {
    walks.count = 0
    const sites = repositoryAnswering({ page_id: 'p1' })
    await createTenantData(sites, 'res.example', 'en', context, createPageUses()).data('/v1/page', {}, schema)
    const other = repositoryAnswering({ page_id: 'p2' })
    const uses = createPageUses()
    await createTenantData(other, 'res.example', 'en', context, uses).data('/v1/page', {}, schema)
    expect(walks.count).toBe(2)
    expect([...uses.tags]).toEqual(['page:p2'])

    const scalar = repositoryAnswering(42)
    for (let i = 0; i < 2; i++) await createTenantData(scalar, 'res.example', 'en', context, createPageUses()).data('/v1/count', {}, schema)
    expect(walks.count).toBe(4)
  })

  it('are not looked for when the request records nothing', async () => {
    walks.count = 0
    await createTenantData(repositoryAnswering({ page_id: 'p1' }), 'res.example', 'en', context).data('/v1/page', {}, schema)
    expect(walks.count).toBe(0)
  })
})
