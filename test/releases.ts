import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { buildServerBundle } from './server-process.ts'

const root = path.resolve(import.meta.dirname, '..')
const run = promisify(execFile)

/** One build of the sources as a release of its own: a dist folder with its server and browser bundles. */
export interface Release {
  label: string
  /** `node <entry>` runs it (its distRoot is the folder above). */
  entry: string
  /** Its browser assets (dist/client/assets). */
  assetsDir: string
  /** Its hashed scripts and stylesheets. */
  assets: string[]
}

/**
 * Builds the server once and the browser bundle once per label (build.mjs --label): releases whose
 * every script and stylesheet has a name of its own, as two versions deployed side by side do.
 */
export async function buildReleases(labels: string[]): Promise<{ releases: Release[]; remove: () => void }> {
  const server = buildServerBundle()
  const dirs: string[] = []
  try {
    const releases = await Promise.all(
      labels.map(async (label) => {
        const dir = mkdtempSync(path.join(os.tmpdir(), `tenant-sites-release-${label}-`))
        dirs.push(dir)
        await run(
          process.execPath,
          [path.join(root, 'build.mjs'), '--only=client', `--out=${dir}`, `--label=${label}`],
          {
            cwd: root,
          },
        )
        cpSync(path.join(server.dir, 'server'), path.join(dir, 'server'), { recursive: true })
        symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'))
        const assetsDir = path.join(dir, 'client', 'assets')
        const assets = readdirSync(assetsDir).filter((name) => /\.(?:js|css)$/.test(name))
        return { label, entry: path.join(dir, 'server', 'index.js'), assetsDir, assets }
      }),
    )
    return {
      releases,
      remove: () => {
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
      },
    }
  } finally {
    server.remove()
  }
}
