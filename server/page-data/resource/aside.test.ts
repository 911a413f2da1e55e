import { describe, expect, it } from 'vitest'
import { asideSectionsOf, loadAside } from './aside.ts'
import { fakeLoaderEnv, fakeSite } from '../../../test/fake-loader-env.ts'
import { ASIDE_REPLY } from './resource-fixtures.test-helper.ts'

describe('resource aside', () => {
  it('shows every kind when the site configures no aside', () => {
    expect(asideSectionsOf(fakeSite()).map((s) => s.kind)).toEqual(['contact', 'search', 'hot', 'newest', 'res_tag'])
  })

  it('keeps the visible entries in the configured order, with their labels', () => {
    const site = fakeSite({
      resource: {
        aside_config: {
          aside_list: [
            { label: ' Hot now ', value: 'hot', is_show: 1 },
            { label: 'Contact', value: 'contact', is_show: 0 },
            { label: '', value: 'search', is_show: 1 },
            { label: 'again', value: 'hot', is_show: 1 },
          ],
        },
      },
    })
    expect(asideSectionsOf(site)).toEqual([{ kind: 'hot', label: 'Hot now' }, { kind: 'search', label: '' }])
  })

  it('asks upstream for exactly the configured kinds', async () => {
    const { env, calls } = fakeLoaderEnv({ path: '/s', replies: { '/v1/resource/aside': () => ASIDE_REPLY } })
    await loadAside(env, [{ kind: 'search', label: '' }, { kind: 'res_tag', label: '' }])
    expect(calls).toEqual([{ path: '/v1/resource/aside', body: { kinds: ['search', 'res_tag'] } }])
  })

  it('keeps of each listed resource only what its link and counter show', async () => {
    const { env } = fakeLoaderEnv({ path: '/s', replies: { '/v1/resource/aside': () => ASIDE_REPLY } })
    const aside = await loadAside(env, [{ kind: 'hot', label: '' }, { kind: 'newest', label: '' }])
    const { id, seo_title, title, view_count, created_at } = ASIDE_REPLY.hot[0]!
    expect(aside.hot).toEqual([{ id, seo_title, title, view_count, created_at }])
    expect(Object.keys(aside.newest[0]!).sort()).toEqual(['created_at', 'id', 'seo_title', 'title', 'view_count'])
  })

  it('makes no call when nothing is shown', async () => {
    const { env, calls } = fakeLoaderEnv({ path: '/s' })
    expect(await loadAside(env, [])).toEqual({ search: [], hot: [], newest: [], res_tag: [], contact: null })
    expect(calls).toEqual([])
  })

  it('rejects on upstream failure without an unhandled rejection', async () => {
    const { env } = fakeLoaderEnv({ path: '/s', replies: { '/v1/resource/aside': () => { throw new Error('down') } } })
    const aside = loadAside(env, [{ kind: 'hot', label: '' }])
    // Let the rejection settle before anyone awaits it, as happens while the shell renders.
    await new Promise((resolve) => setTimeout(resolve, 10))
    await expect(aside).rejects.toThrow('down')
  })
})
