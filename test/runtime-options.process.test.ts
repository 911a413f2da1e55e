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

/** The Dockerfile with line continuations joined. */
function dockerfileLines(): string[] {
  return readFileSync(path.join(root, 'Dockerfile'), 'utf8')
    .replace(/\\\n\s*/g, '')
    .split('\n')
}

/** The Dockerfile's last ENV instruction (the runtime stage). */
function imageEnv(): Record<string, string> {
  return runtimeEnvOf(
    dockerfileLines()
      .filter((line) => line.startsWith('ENV '))
      .at(-1)!,
  )
}

/** The node flags of the image's start command (its last CMD, in exec form). */
function imageNodeFlags(): string[] {
  const command = JSON.parse(
    dockerfileLines()
      .filter((line) => line.startsWith('CMD '))
      .at(-1)!
      .slice(4),
  ) as string[]
  expect(command[0]).toBe('node')
  expect(command.at(-1)).toBe('dist/server/index.js')
  return command.slice(1, -1)
}

const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>

/** The node flags of `npm run serve`. */
function serveNodeFlags(): string[] {
  return /\bnode((?:\s+--\S+)*)\s+dist\/server\/index\.js/.exec(scripts.serve!)![1]!.trim().split(/\s+/)
}

describe('runtime options of the server process', () => {
  it('are the same in the image and in `npm run serve` (the bench, soak and profiler start the app with the latter)', () => {
    const image = imageEnv()
    expect(image.NODE_OPTIONS).toMatch(/--max-semi-space-size=\d+/)
    // An old-generation limit halved cache-hit throughput in the bench (docs/operations.md, "Runtime options").
    expect(image.NODE_OPTIONS).not.toMatch(/--max-old-space-size/)
    expect(
      Object.keys(image)
        .filter((key) => key.startsWith('MALLOC_'))
        .sort(),
    ).toEqual(['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_TOP_PAD_', 'MALLOC_TRIM_THRESHOLD_'])
    const tuning = (from: Record<string, string>) =>
      Object.fromEntries(Object.entries(from).filter(([key]) => key === 'NODE_OPTIONS' || key.startsWith('MALLOC_')))
    expect(tuning(runtimeEnvOf(scripts.serve!))).toEqual(tuning(image))
    expect(imageNodeFlags()).toContainEqual(expect.stringMatching(/^--heap-growing-percent=\d+$/))
    expect(serveNodeFlags()).toEqual(imageNodeFlags())
  })

  it('are accepted by Node (a misspelt V8 flag stops it at start) and bound the young generation', () => {
    const options = imageEnv().NODE_OPTIONS!
    const semiSpaceMiB = Number(/--max-semi-space-size=(\d+)/.exec(options)![1])
    expect(() => execFileSync(process.execPath, ['--heap-growing-percentt=60', '-e', ''], { stdio: 'pipe' })).toThrow(
      /bad option/,
    )
    // Allocates with a steady set of survivors, so V8 grows the young generation as far as it may.
    const probe = `
      const v8 = require('node:v8')
      const keep = new Array(200000)
      let largest = 0
      for (let i = 0; i < 4e6; i++) {
        keep[i % keep.length] = { i, text: 'x' + i }
        if (i % 100000 === 0) largest = Math.max(largest, v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size)
      }
      console.log(largest)`
    const largestNewSpace = (flags: string[], nodeOptions: string) =>
      Number(
        execFileSync(process.execPath, [...flags, '-e', probe], {
          env: { ...process.env, NODE_OPTIONS: nodeOptions },
          encoding: 'utf8',
        }),
      )
    // The new space is two semi-spaces; V8 has been seen to hold a few pages more for a moment on a
    // busy machine (36 MiB against 32), so the bound allows a quarter more. Allowed four times larger
    // semi-spaces, the probe grows it to about 128 MiB, far past that.
    const slack = (2 * semiSpaceMiB * MiB) / 4
    expect(largestNewSpace(imageNodeFlags(), options)).toBeLessThanOrEqual(2 * semiSpaceMiB * MiB + slack)
    expect(largestNewSpace([], `--max-semi-space-size=${4 * semiSpaceMiB}`)).toBeGreaterThan(
      2 * semiSpaceMiB * MiB + slack,
    )
  })
})
