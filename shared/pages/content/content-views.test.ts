import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentViewOf, createContentViews, VIEW_MODULES } from './content-views.ts'

describe('contentViewOf', () => {
  it.each([
    ['a land page', { kind: 'content', body: { kind: 'land' } }, 'land'],
    ['an article list body', { kind: 'content', body: { kind: 'ugc_post' } }, 'ugc_post'],
    ['the search home', { kind: 'search-home' }, undefined],
    ['an unknown body', { kind: 'content', body: { kind: 'toString' } }, undefined],
    ['a body without a kind', { kind: 'content', body: null }, undefined],
    ['no data', undefined, undefined],
  ])('%s', (_name, data, view) => {
    expect(contentViewOf(data)).toBe(view)
  })
})

describe('the views', () => {
  it('are each imported from the module VIEW_MODULES names (the manifest lists the chunk under it)', () => {
    const source = readFileSync(path.join(import.meta.dirname, 'content-views.ts'), 'utf8')
    for (const [kind, module] of Object.entries(VIEW_MODULES))
      expect(source).toContain(`${kind}: () => import('./${module}.tsx')`)
  })

  it('load once, and a render reads a loaded one at once', async () => {
    const views = createContentViews()
    const first = views.load('nav')
    expect(views.load('nav')).toBe(first)
    const module = await first
    expect(typeof module.NavView).toBe('function')
    // Outside a render `use` would throw: a loaded view never reaches it.
    expect(views.read('nav')).toBe(module)
  })

  it('are kept per render or page load, not per process', async () => {
    const one = createContentViews()
    await one.load('list')
    const other = createContentViews()
    expect(other.load('list')).not.toBe(one.load('list'))
    expect(one.read('list')).toBe(await other.load('list'))
  })
})
