import { execFileSync } from 'node:child_process'
import path from 'node:path'

/** Builds the browser bundle once: server tests read its manifest, browser tests load it. */
export default function setup(): void {
  const root = path.resolve(import.meta.dirname, '..')
  execFileSync(process.execPath, [path.join(root, 'build.mjs'), '--only=client'], { cwd: root, stdio: 'inherit' })
}
