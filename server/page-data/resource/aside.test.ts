import { describe, expect, it } from 'vitest'
import type { AsideKind } from '../../../shared/types.ts'
import { deferredAside } from './aside.ts'
import { fakeLoaderEnv, fakeSite } from '../../../test/fake-loader-env.ts'
import { ASIDE_REPLY } from './resource-fixtures.test-helper.ts'

/** A site whose aside lists exactly `kinds`, visible and unlabelled. */
const siteShowing = (...kinds: AsideKind[]) =>
  fakeSite({
    resource: { aside_config: { aside_list: kinds.map((value) => ({ label: '', value, is_show: 1 as const })) } },
  })

describe('resource aside', () => {
  it('shows every kind when the site configures no aside', () => {
    const { env } = fakeLoaderEnv({ path: '/s', replies: { '/v1/resource/aside': () => ASIDE_REPLY } })
    expect(deferredAside(env).asideSections.map((s) => s.kind)).toEqual([
      'contact',
      'search',
      'hot',
      'newest',
      'res_tag',
    ])
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
    const { env } = fakeLoaderEnv({ path: '/s', site, replies: { '/v1/resource/aside': () => ASIDE_REPLY } })
    expect(deferredAside(env).asideSections).toEqual([
      { kind: 'hot', label: 'Hot now' },
      { kind: 'search', label: '' },
    ])
  })

  it('asks upstream for exactly the configured kinds', async () => {
    const { env, calls } = fakeLoaderEnv({
      path: '/s',
      site: siteShowing('search', 'res_tag'),
      replies: { '/v1/resource/aside': () => ASIDE_REPLY },
    })
    await deferredAside(env).aside
    expect(calls).toEqual([{ path: '/v1/resource/aside', body: { kinds: ['search', 'res_tag'] } }])
  })

  it('keeps of each listed resource only what its link and counter show', async () => {
    const { env } = fakeLoaderEnv({
      path: '/s',
      site: siteShowing('hot', 'newest'),
      replies: { '/v1/resource/aside': () => ASIDE_REPLY },
    })
    const aside = await deferredAside(env).aside
    const { id, seo_title, title, view_count } = ASIDE_REPLY.hot[0]!
    // The ranked list shows views, the newest list dates: each entry carries its own counter only.
    expect(aside.hot).toEqual([{ id, seo_title, title, view_count }])
    expect(Object.keys(aside.newest[0]!).sort()).toEqual(['created_at', 'id', 'seo_title', 'title'])
  })

  it('makes no call when nothing is shown', async () => {
    const { env, calls } = fakeLoaderEnv({ path: '/s', site: siteShowing() })
    expect(await deferredAside(env).aside).toEqual({ search: [], hot: [], newest: [], res_tag: [], contact: null })
    expect(calls).toEqual([])
  })

  it('rejects on upstream failure without an unhandled rejection', async () => {
    const { env } = fakeLoaderEnv({
      path: '/s',
      site: siteShowing('hot'),
      replies: {
        '/v1/resource/aside': () => {
          throw new Error('down')
        },
      },
    })
    const { aside } = deferredAside(env)
    // Let the rejection settle before anyone awaits it, as happens while the shell renders.
    await new Promise(setImmediate)
    await expect(aside).rejects.toThrow('down')
  })
})
