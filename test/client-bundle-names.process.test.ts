import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { distDir } from './harness.ts'

const root = path.resolve(import.meta.dirname, '..')
const scripts = (dir: string) =>
  readdirSync(path.join(dir, 'client', 'assets'))
    .filter((file) => file.endsWith('.js'))
    .sort()

// Assets are served as immutable under their hashed names. build.mjs rewrites the files of its
// first pass under the names that pass gave them (it folds chunks into the entry), so a change to
// that step alone, with the same sources, must still give every script a new name.
describe("the browser bundle's file names", { timeout: 120_000 }, () => {
  it('change when the build script changes, the sources staying the same', () => {
    const variant = path.join(root, `.build-variant-${process.pid}.mjs`)
    const out = mkdtempSync(path.join(os.tmpdir(), 'tenant-sites-names-'))
    try {
      writeFileSync(
        variant,
        `${readFileSync(path.join(root, 'build.mjs'), 'utf8')}\n// a later version of the folding step\n`,
      )
      execFileSync(process.execPath, [variant, '--only=client', `--out=${out}`], { cwd: root, stdio: 'pipe' })
      const before = scripts(distDir())
      const after = scripts(out)
      expect(after.length).toBe(before.length)
      expect(after.filter((file) => before.includes(file))).toEqual([])
    } finally {
      rmSync(variant, { force: true })
      rmSync(out, { recursive: true, force: true })
    }
  })
})
