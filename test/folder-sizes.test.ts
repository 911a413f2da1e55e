import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')
/** A folder holding more modules than this directly is split by concept (docs/STYLE.md). */
const MAX_MODULES = 15

/** Whether a file is a module of the program: source, not a test, a test helper or a declaration. */
function isModule(name: string): boolean {
  return /\.(ts|tsx|mjs)$/.test(name) && !/\.(test|test-helper)\.tsx?$|\.d\.m?ts$/.test(name)
}

/** Every folder under `server/` (itself included), with the modules it holds directly. */
function serverFolders(): { folder: string; modules: number }[] {
  const folders = [
    'server',
    ...readdirSync(path.join(ROOT, 'server'), { recursive: true, encoding: 'utf8' })
      .map((entry) => path.join('server', entry))
      .filter((entry) =>
        readdirSync(path.join(ROOT, path.dirname(entry)), { withFileTypes: true }).some(
          (dirent) => dirent.name === path.basename(entry) && dirent.isDirectory(),
        ),
      ),
  ]
  return folders.map((folder) => ({
    folder,
    modules: readdirSync(path.join(ROOT, folder), { withFileTypes: true }).filter(
      (dirent) => dirent.isFile() && isModule(dirent.name),
    ).length,
  }))
}

/** The folders the "Why each server folder exists" table of docs/STYLE.md names (`cache/config/` → `server/cache/config`). */
function documentedFolders(): string[] {
  const style = readFileSync(path.join(ROOT, 'docs/STYLE.md'), 'utf8')
  const section = style.split('## Why each server folder exists')[1]?.split('\n## ')[0] ?? ''
  // A row may name sibling folders together: `page-data/post/`, `resource/`, `site/`.
  return [...section.matchAll(/^\| (`[^|]+`) \|/gm)].flatMap((match) => {
    const names = [...(match[1] ?? '').matchAll(/`([a-z0-9-/]+)\/`/g)].map((name) => name[1] ?? '')
    const parent = path.posix.dirname(names[0] ?? '')
    return names.map((name, at) => `server/${at === 0 || parent === '.' ? name : `${parent}/${name}`}`)
  })
}

describe('server folders by concept', () => {
  it(`no server folder holds more than ${MAX_MODULES} modules directly`, () => {
    const crowded = serverFolders().filter(({ modules }) => modules > MAX_MODULES)
    expect(crowded).toEqual([])
  })

  it('docs/STYLE.md says why each server folder with modules exists, and names no folder that is gone', () => {
    const withModules = serverFolders()
      .filter(({ folder, modules }) => modules > 0 && folder !== 'server')
      .map(({ folder }) => folder)
      .sort()
    expect(documentedFolders().sort()).toEqual(withModules)
  })

  it('counts modules, not tests or declarations', () => {
    expect(
      ['a.ts', 'b.tsx', 'c.mjs', 'a.test.ts', 'a.process.test.ts', 'h.test-helper.ts', 'x.d.mts'].filter(isModule),
    ).toEqual(['a.ts', 'b.tsx', 'c.mjs'])
  })
})
