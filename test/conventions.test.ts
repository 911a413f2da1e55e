import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The conventions of docs/STYLE.md that a reading of the source can hold; each names this file
// where it is held here.

const ROOT = path.resolve(import.meta.dirname, '..')
const SOURCE = /\.(?:tsx?|mjs)$/
const TEST_CODE = /\.test\.tsx?$|\.test-helper\.tsx?$/

function filesOf(folders: readonly string[], pattern = SOURCE): string[] {
  return folders.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => pattern.test(file) && !file.split(path.sep).includes('node_modules'))
      .map((file) => path.join(folder, file)),
  )
}
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')
/** The app's own code and its build steps, tests and their helpers aside. */
const production = filesOf(['server', 'shared', 'client', 'build']).filter((file) => !TEST_CODE.test(file))
const withText = (pattern: RegExp) => production.filter((file) => pattern.test(read(file)))

describe('STYLE.md conventions held by reading the source', () => {
  it('convention 1: only server/index.ts reads the environment', () => {
    expect(withText(/\bprocess\.env\b/)).toEqual([path.join('server', 'index.ts')])
  })

  it('convention 7: every error class sets its name', () => {
    const unnamed = production.flatMap((file) => {
      const text = read(file)
      const classes = [...text.matchAll(/\bclass (\w+) extends \w*Error\b/g)].map((m) => m[1] ?? '')
      return classes.filter((name) => !new RegExp(`name = '${name}'`).test(text)).map((name) => `${file} ${name}`)
    })
    expect(production.some((file) => /\bclass \w+ extends \w*Error\b/.test(read(file)))).toBe(true)
    expect(unnamed).toEqual([])
  })

  it('convention 8: no global undici dispatcher', () => {
    expect(withText(/\bsetGlobalDispatcher\b/)).toEqual([])
  })

  it('convention 10: no language change on a shared i18next instance', () => {
    expect(withText(/\.changeLanguage\(/)).toEqual([])
  })

  it('convention 13: kebab-case file names (locale files are named by their language tag)', () => {
    const files = filesOf(['server', 'shared', 'client', 'build', 'test', 'bench'], /\.(?:tsx?|mjs|css)$/)
    const odd = files.filter((file) => {
      const name = path.basename(file)
      if (file.startsWith(path.join('shared', 'i18n', 'locales') + path.sep))
        return !/^[a-z]{2,3}(?:-[A-Z]{2})?\.ts$/.test(name)
      return !/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9-]+)*$/.test(name)
    })
    expect(files.length).toBeGreaterThan(300)
    expect(odd).toEqual([])
  })
})
