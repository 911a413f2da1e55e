import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { distDir } from './harness.ts'

const entryScript = () => {
  const assets = path.join(distDir(), 'client', 'assets')
  const [file] = readdirSync(assets).filter((name) => /^entry-client-\w+\.js$/.test(name))
  return readFileSync(path.join(assets, file!), 'utf8')
}

// build.mjs makes react-router tree-shakable for the browser (its components' display names and
// unmarked forwardRef/memo/createContext calls kept every one of them): what the app never renders
// must not travel with every page.
describe('the browser entry', () => {
  it('leaves out the react-router components the app does not use', () => {
    const entry = entryScript()
    // Link and NavLink mark their anchors for route discovery; ScrollRestoration keeps its
    // positions under this storage key.
    expect(entry).not.toContain('data-discover')
    expect(entry).not.toContain('react-router-scroll-positions')
    // What the app does use is there: the data router and its provider.
    expect(entry).toContain('HydrateFallback')
  })
})
