import type { RouteObject } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { createRoutes, type RouteHandle } from '../routes.tsx'
import type { StyleLoader } from './style-loader.ts'

function pageRoute(routes: RouteObject[], id: string): RouteObject {
  const route = routes[0]?.children?.[0]?.children?.find((child) => child.id === id)
  if (route === undefined || typeof route.lazy !== 'function') throw new Error(`no lazy route ${id}`)
  return route
}

describe('the route table and its style loader', () => {
  it('a page module resolves once the loader given to its table has its stylesheets', async () => {
    let release = () => {}
    const loader = vi.fn<StyleLoader>(() => new Promise<void>((resolve) => (release = resolve)))
    const route = pageRoute(createRoutes(loader), 'post-id')
    let resolved = false
    const loading = (route.lazy as () => Promise<unknown>)().then(() => (resolved = true))
    expect(loader).toHaveBeenCalledWith((route.handle as RouteHandle).styles)
    await new Promise((resolve) => setImmediate(resolve))
    expect(resolved).toBe(false)
    release()
    await loading
    expect(resolved).toBe(true)
  })

  it('two tables share no loader; one built without a loader waits for none', async () => {
    const loader = vi.fn<StyleLoader>(() => Promise.resolve())
    createRoutes(loader)
    await (pageRoute(createRoutes(), 'post-id').lazy as () => Promise<unknown>)()
    expect(loader).not.toHaveBeenCalled()
  })
})
