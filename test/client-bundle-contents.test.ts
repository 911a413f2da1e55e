import { readdirSync, readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { distDir } from './harness.ts'

const assets = () => path.join(distDir(), 'client', 'assets')
const entryFile = () => {
  const [file] = readdirSync(assets()).filter((name) => /^entry-client-\w+\.js$/.test(name))
  return path.join(assets(), file!)
}
const entryScript = () => readFileSync(entryFile(), 'utf8')
/** Every script's source map: the script's name and the sources the map names. */
const sourceMaps = () =>
  readdirSync(assets())
    .filter((name) => name.endsWith('.js.map'))
    .map((name) => ({
      script: name.replace(/\.map$/, ''),
      sources: (JSON.parse(readFileSync(path.join(assets(), name), 'utf8')) as { sources: string[] }).sources,
    }))

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
// it streams in rather than inside the task that evaluates it. The source maps point at the sources
// through both build passes, the hint's line included.
describe("the browser entry's source map", () => {
  it("starts the entry with the compile hint and maps the entry's code to its source", () => {
    const entry = entryScript()
    expect(entry.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad')
    const payload = JSON.parse(readFileSync(`${entryFile()}.map`, 'utf8'))
    const map = new SourceMap(payload)
    const lines = entry.split('\n')
    const line = lines.findIndex((text) => text.includes('"hydration-start"'))
    const column = lines[line]!.indexOf('"hydration-start"')
    const found = map.findEntry(line, column)
    if (!('originalSource' in found)) throw new Error("no mapping for the entry module's code")
    expect(found.originalSource).toMatch(/client\/entry-client\.tsx$/)
    const source: string = payload.sourcesContent[payload.sources.indexOf(found.originalSource)]
    const mapped = source.split('\n')[found.originalLine]!.slice(found.originalColumn, found.originalColumn + 40)
    expect(mapped).toContain('hydration-start')
  })

  it("names no file of the build's first pass as a source", () => {
    const maps = sourceMaps()
    const firstPass = maps.flatMap(({ script, sources }) => {
      // Glue the second pass writes (a file's own imports and exports, re-exports from the entry)
      // holds no code of ours.
      const glue = (source: string) => source === script || source.startsWith('entry-link:')
      return sources.filter((source) => /^(?:chunk|entry-client)-\w+\.js$/.test(path.basename(source)) && !glue(source))
    })
    expect(maps.length).toBeGreaterThan(10)
    expect(firstPass).toEqual([])
  })

  it('names no folder of the machine that built it', () => {
    const sources = sourceMaps().flatMap((map) => map.sources)
    expect(sources.filter((source) => source.includes(distDir()) || /(?:^|:)\//.test(source))).toEqual([])
  })
})
