import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')
// The three sides, and the build's Node steps (build/), which build.mjs runs.
const PRODUCTION = ['server', 'shared', 'client', 'build']
const IMPORTERS = [...PRODUCTION, 'test', 'bench']
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g
// A computed import (`import(`./locales/${language}.ts`)`) reaches every file its fixed start names.
const COMPUTED_IMPORT = /import\(\s*`(\.[^`$]*)\$\{/g
const TEST = /\.test\.tsx?$/
const HELPER = /\.test-helper\.tsx?$/

// The build script imports its steps from build/: it is production code, not a test.
const TOP_LEVEL_IMPORTERS = ['build.mjs']

function sourceFiles(folders: readonly string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(tsx?|mjs)$/.test(file) && !file.split(path.sep).includes('node_modules'))
      .map((file) => path.join(folder, file)),
  )
}

// Test code: test files, helpers beside the code, and everything in test/ (the shared helpers).
function isTestSide(file: string): boolean {
  return TEST.test(file) || HELPER.test(file) || file.split(path.sep)[0] === 'test'
}

// Every file each file of the repository imports with a relative specifier, keyed by the imported file.
function importersOf(files: readonly string[]): Map<string, string[]> {
  const importers = new Map<string, string[]>()
  const add = (target: string, file: string) => importers.set(target, [...(importers.get(target) ?? []), file])
  for (const file of files) {
    const text = readFileSync(path.join(ROOT, file), 'utf8')
    const resolve = (specifier: string) => path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier))
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? ''
      if (specifier.startsWith('.') && existsSync(path.join(ROOT, resolve(specifier)))) add(resolve(specifier), file)
    }
    for (const [, start = ''] of text.matchAll(COMPUTED_IMPORT)) {
      const prefix = resolve(start) + (start.endsWith('/') ? path.sep : '')
      for (const target of files) if (target.startsWith(prefix)) add(target, file)
    }
  }
  return importers
}

// One naming style for test helpers: `x.test-helper.ts` beside the code it serves, shared ones in test/.
// The name tells a reader, the import-cycle test and the bundle which modules only tests use.
describe('test helper names', () => {
  const importers = importersOf([...sourceFiles(IMPORTERS), ...TOP_LEVEL_IMPORTERS])
  const modules = sourceFiles(PRODUCTION).filter((file) => !TEST.test(file))

  it('names a module beside the code that only tests import `*.test-helper.ts`', () => {
    const unnamed = modules.filter((file) => {
      const by = importers.get(file) ?? []
      return !HELPER.test(file) && by.length > 0 && by.every(isTestSide)
    })
    expect(unnamed).toEqual([])
  })

  it('keeps `*.test-helper.ts` modules out of the production code', () => {
    const leaks = modules
      .filter((file) => HELPER.test(file))
      .flatMap((file) => (importers.get(file) ?? []).filter((by) => !isTestSide(by)).map((by) => `${by} → ${file}`))
    expect(leaks).toEqual([])
  })

  it('finds the helpers it checks', () => {
    expect(modules.filter((file) => HELPER.test(file)).length).toBeGreaterThan(3)
  })
})
