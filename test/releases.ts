import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { Redis } from 'ioredis'
import { expect, vi } from 'vitest'
import { startRedis, type TestRedis } from './redis-server.ts'
import { sharedAssetIndexKey } from '../server/cache/cache-keys.ts'
import { buildServerBundle, startDemoUpstream, startServerProcess, type ServerProcess } from './server-process.ts'

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

/** Two or more releases side by side on one redis-server, each instance a process of its own. */
export interface ReleaseFleet {
  releases: Release[]
  /** One instance per release, in the same order. */
  instances: ServerProcess[]
  redis: TestRedis
  /** A connection of its own to that Redis, to look at what the instances stored. */
  admin: Redis
  close(): Promise<void>
}

/**
 * Builds a release per label and starts an instance of each on one redis-server and one demo
 * upstream, with `env` added; resolves once every release has published its browser files.
 */
export async function startReleaseFleet(labels: string[], env: Record<string, string> = {}): Promise<ReleaseFleet> {
  const { releases, remove } = await buildReleases(labels)
  const redis = await startRedis()
  const admin = new Redis(redis.url)
  const upstream = await startDemoUpstream()
  const instances: ServerProcess[] = []
  const close = async () => {
    for (const instance of instances) instance.child.kill('SIGKILL')
    admin.disconnect()
    await redis.stop()
    upstream.close()
    remove()
  }
  try {
    for (const release of releases)
      instances.push(
        await startServerProcess(release.entry, {
          NODE_ENV: 'production',
          API_BASE_URL: upstream.url,
          REDIS_URL: redis.url,
          // Shared at its first render, so another release answers it from Redis.
          REDIS_ADMIT_AFTER: '1',
          HTML_CACHE_TTL_MS: '600000',
          IMAGE_OPTIMIZER: '0',
          ...env,
        }),
      )
    const published = releases.reduce((sum, release) => sum + release.assets.length, 0)
    await vi.waitFor(async () => expect(await admin.zcard(sharedAssetIndexKey('ts:'))).toBe(published), {
      timeout: 20_000,
    })
  } catch (error) {
    await close()
    throw error
  }
  return { releases, instances, redis, admin, close }
}
