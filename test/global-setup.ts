import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's browser bundle was built (see test/harness.ts). */
    distDir: string
  }
}

// Each project of vitest.config.ts runs its global setup; the bundle is built once per run and
// removed after the last project is done. Kept on globalThis because each project may load this
// module anew.
const SHARED = Symbol.for('tenant-sites.test-dist')
type SharedBuild = { dir: string; users: number }
const holder = globalThis as { [SHARED]?: SharedBuild }

/**
 * Builds the browser bundle once per run, into a folder of its own: server tests read its
 * manifest, browser tests load it, and a server running from ./dist is left alone.
 */
export default function setup(project: TestProject): () => void {
  if (holder[SHARED] === undefined) {
    const root = path.resolve(import.meta.dirname, '..')
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tenant-sites-test-'))
    execFileSync(process.execPath, [path.join(root, 'build.mjs'), '--only=client', `--out=${dir}`], {
      cwd: root,
      stdio: 'inherit',
    })
    holder[SHARED] = { dir, users: 0 }
  }
  const build = holder[SHARED]
  build.users += 1
  project.provide('distDir', build.dir)
  return () => {
    build.users -= 1
    if (build.users > 0) return
    rmSync(build.dir, { recursive: true, force: true })
    delete holder[SHARED]
  }
}
