import { readdirSync, readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { distDir } from './harness.ts'

const entryFile = () => {
  const assets = path.join(distDir(), 'client', 'assets')
  const [file] = readdirSync(assets).filter((name) => /^entry-client-\w+\.js$/.test(name))
  return path.join(assets, file!)
}
const entryScript = () => readFileSync(entryFile(), 'utf8')

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

// build.mjs puts V8's compile hint on the entry's first line, so its functions are compiled while
// it streams in rather than inside the task that evaluates it; the source map follows the shift.
describe('the browser entry\'s compile hint', () => {
  it('is the first line, and the source map still points at the code it came from', () => {
    const entry = entryScript()
    expect(entry.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad')
    const payload = JSON.parse(readFileSync(`${entryFile()}.map`, 'utf8'))
    const map = new SourceMap(payload)
    // A string of the entry module: where it stands in the bundle maps back to where it stood
    // before the hint was added (the map's sources are the build's first pass, which it rearranged).
    const lines = entry.split('\n')
    const line = lines.findIndex((text) => text.includes('"hydration-start"'))
    const column = lines[line]!.indexOf('"hydration-start"')
    const found = map.findEntry(line, column)
    if (!('originalSource' in found)) throw new Error('no mapping for the entry module\'s code')
    const source: string = payload.sourcesContent[payload.sources.indexOf(found.originalSource)]
    const mapped = source.split('\n')[found.originalLine]!.slice(found.originalColumn, found.originalColumn + 40)
    expect(mapped).toContain('hydration-start')
  })
})
