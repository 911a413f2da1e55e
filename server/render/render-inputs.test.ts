import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../shared/types.ts'
import { renderInputsDigest, type RenderInputs } from './render-inputs.ts'

/** The digest of a load, with no deadline. */
const digestOf = (inputs: RenderInputs) => renderInputsDigest(inputs, new AbortController().signal)

const site = { site_id: 's1', domain: 'res.localhost', base_info: { app_name: 'Res' } } as unknown as SiteConfig
const build = { entry: { file: '/assets/entry-abc.js', imports: [] } }

/** A load of the same page, each time from new objects (as a reload builds them). */
function load(
  overrides: Partial<{
    loaderData: Record<string, unknown>
    errors: Record<string, unknown> | null
    statusCode: number
    site: SiteConfig
    tags: string[]
    build: object
  }> = {},
): RenderInputs {
  return {
    context: {
      loaderData: overrides.loaderData ?? {
        root: { frame: { name: 'Res' } },
        'res-hot': { rows: [{ id: 1, title: 'VLC' }], head: { title: 'Hot' } },
      },
      errors: overrides.errors ?? null,
      statusCode: overrides.statusCode ?? 200,
    },
    site: overrides.site ?? structuredClone(site),
    tags: overrides.tags ?? ['site', 'resource:1'],
    build: overrides.build ?? structuredClone(build),
  }
}

describe('renderInputsDigest', () => {
  it('is the same for two loads of the same inputs, whatever objects hold them and in whatever order the tags came', async () => {
    const first = await digestOf(load())
    expect(first).toMatch(/^[\w-]{43}$/)
    expect(await digestOf(load({ tags: ['resource:1', 'site'] }))).toBe(first)
  })

  it.each([
    [
      'a field of the page data',
      {
        loaderData: {
          root: { frame: { name: 'Res' } },
          'res-hot': { rows: [{ id: 1, title: 'VLC 4' }], head: { title: 'Hot' } },
        },
      },
    ],
    [
      'the page head only',
      {
        loaderData: {
          root: { frame: { name: 'Res' } },
          'res-hot': { rows: [{ id: 1, title: 'VLC' }], head: { title: 'Hot now' } },
        },
      },
    ],
    ['the status', { statusCode: 203 }],
    ['the site config', { site: { ...site, base_info: { app_name: 'Res 2' } } as unknown as SiteConfig }],
    ['the tags', { tags: ['site', 'resource:2'] }],
    ['the browser build', { build: { entry: { file: '/assets/entry-def.js', imports: [] } } }],
  ])('moves with %s', async (_name, change) => {
    expect(await digestOf(load(change))).not.toBe(await digestOf(load()))
  })

  it('reads deferred fields settled: the same rows arriving later give one digest, other rows or a failure another', async () => {
    const withRows = (rows: Promise<unknown>) =>
      load({ loaderData: { root: { frame: { name: 'Res' } }, 'res-hot': { rows, head: { title: 'Hot' } } } })
    const digest = await digestOf(withRows(Promise.resolve([{ id: 1, title: 'VLC' }])))
    const later = new Promise((resolve) => setTimeout(() => resolve([{ id: 1, title: 'VLC' }]), 20))
    expect(await digestOf(withRows(later))).toBe(digest)
    expect(await digestOf(withRows(Promise.resolve([{ id: 2, title: 'MPV' }])))).not.toBe(digest)
    const failed = Promise.reject(new Error('aside down'))
    failed.catch(() => {})
    expect(await digestOf(withRows(failed))).not.toBe(digest)
  })

  it('tells nothing about a load whose deferred data is still pending at the deadline', async () => {
    const deadline = new AbortController()
    const pending = renderInputsDigest(
      load({ loaderData: { root: {}, 'res-hot': { rows: new Promise(() => {}) } } }),
      deadline.signal,
    )
    deadline.abort()
    expect(await pending).toBeUndefined()
  })

  it('tells nothing about a load with a route error, whose message the state does not carry', async () => {
    expect(await digestOf(load({ errors: { 'res-hot': new Error('upstream down') } }))).toBeUndefined()
  })
})
