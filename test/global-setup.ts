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

/**
 * Builds the browser bundle once per run, into a folder of its own: server tests read its
 * manifest, browser tests load it, and a server running from ./dist is left alone.
 */
export default function setup(project: TestProject): () => void {
  const root = path.resolve(import.meta.dirname, '..')
  const distDir = mkdtempSync(path.join(os.tmpdir(), 'tenant-sites-test-'))
  execFileSync(process.execPath, [path.join(root, 'build.mjs'), '--only=client', `--out=${distDir}`], { cwd: root, stdio: 'inherit' })
  project.provide('distDir', distDir)
  return () => rmSync(distDir, { recursive: true, force: true })
}
