import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const MiB = 1024 * 1024

/** The runtime environment a start command sets: `NAME=value` or `NAME='value'` pairs before `node`. */
function runtimeEnvOf(command: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const m of command.matchAll(/\b([A-Z_]+)=(?:'([^']*)'|"([^"]*)"|(\S+))/g)) env[m[1]!] = m[2] ?? m[3] ?? m[4]!
  return env
}

/** The Dockerfile's last ENV instruction (the runtime stage), line continuations joined. */
function imageEnv(): Record<string, string> {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, '')
  const lines = dockerfile.split('\n').filter((line) => line.startsWith('ENV '))
  return runtimeEnvOf(lines.at(-1)!)
}

describe('runtime options of the server process', () => {
  const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>

  it('are the same in the image and in `npm run serve` (the bench, soak and profiler start the app with the latter)', () => {
    const image = imageEnv()
    expect(image.NODE_OPTIONS).toMatch(/--max-old-space-size=\d+/)
    expect(Object.keys(image).filter((key) => key.startsWith('MALLOC_')).sort()).toEqual(['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_TRIM_THRESHOLD_'])
    const tuning = (from: Record<string, string>) => Object.fromEntries(Object.entries(from).filter(([key]) => key === 'NODE_OPTIONS' || key.startsWith('MALLOC_')))
    expect(tuning(runtimeEnvOf(scripts.serve!))).toEqual(tuning(image))
  })

  it('are accepted by Node through NODE_OPTIONS and bound the heap', () => {
    const options = imageEnv().NODE_OPTIONS!
    const oldSpaceMiB = Number(/--max-old-space-size=(\d+)/.exec(options)![1])
    const semiSpaceMiB = Number(/--max-semi-space-size=(\d+)/.exec(options)![1])
    const probe = 'const v8 = require("node:v8"); console.log(JSON.stringify(v8.getHeapStatistics()))'
    const stats = JSON.parse(execFileSync(process.execPath, ['-e', probe], { env: { ...process.env, NODE_OPTIONS: options }, encoding: 'utf8' }))
    // The limit is the old generation plus the young one (three semi-spaces' worth at most).
    expect(stats.heap_size_limit).toBeGreaterThanOrEqual(oldSpaceMiB * MiB)
    expect(stats.heap_size_limit).toBeLessThanOrEqual((oldSpaceMiB + 3 * semiSpaceMiB) * MiB)
    const unbounded = JSON.parse(execFileSync(process.execPath, ['-e', probe], { env: { ...process.env, NODE_OPTIONS: '' }, encoding: 'utf8' }))
    expect(unbounded.heap_size_limit).toBeGreaterThan(stats.heap_size_limit)
  })
})
