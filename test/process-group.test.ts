import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// A file that starts processes of its own (redis-server, varnishd, haproxy, caddy, the built server,
// Docker's runtime stage) runs in vitest's isolated "process" group, chosen by its name alone:
// `*.process.test.ts` (vitest.config.ts). Whether it starts one is read from what it imports: Node's
// child_process, itself or through the test helpers it uses (test/redis-server.ts,
// test/system-daemon.ts, test/server-process.ts…). Production modules start no process. A file that
// installs a process-wide runtime (the tracer provider of server/telemetry/start-tracing.ts) needs a
// process of its own as well, so that no other file runs under it.

const ROOT = path.resolve(import.meta.dirname, '..')
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g
const CHILD_PROCESS = new Set(['node:child_process', 'child_process'])
const PROCESS_WIDE = new Set([path.join('server', 'telemetry', 'start-tracing.ts')])
const PROCESS_NAME = /\.process\.test\.tsx?$/
const BROWSER_NAME = /\.browser\.test\.tsx?$/

const isHelper = (file: string) => file.split(path.sep)[0] === 'test' || /\.test-helper\.tsx?$/.test(file)

/** The chain of imports by which `file` reaches child_process (`a → b → node:child_process`), or null. */
function spawnChain(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null
  seen.add(file)
  const text = readFileSync(path.join(ROOT, file), 'utf8')
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? ''
    if (CHILD_PROCESS.has(specifier)) return [file, specifier]
    if (!specifier.startsWith('.')) continue
    const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier))
    if (PROCESS_WIDE.has(target)) return [file, target]
    if (!isHelper(target) || !existsSync(path.join(ROOT, target))) continue
    const rest = spawnChain(target, seen)
    if (rest !== null) return [file, ...rest]
  }
  return null
}

const testFiles = ['server', 'shared', 'client', 'build', 'test'].flatMap((folder) =>
  readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file)),
)

describe('the process test group', () => {
  const nonBrowser = testFiles.filter((file) => !BROWSER_NAME.test(file))

  it('names every file that starts a process `*.process.test.ts`', () => {
    const unnamed = nonBrowser.flatMap((file) => {
      const chain = spawnChain(file)
      return chain !== null && !PROCESS_NAME.test(file) ? [chain.join(' → ')] : []
    })
    expect(unnamed).toEqual([])
  })

  it('names no other file so: the group isolates each file, which costs a process per file', () => {
    expect(nonBrowser.filter((file) => PROCESS_NAME.test(file) && spawnChain(file) === null)).toEqual([])
  })

  it('finds the files that start redis-server, daemons, the built server and Docker', () => {
    const chains = nonBrowser.map((file) => spawnChain(file)?.join(' → ') ?? '')
    for (const helper of ['test/redis-server.ts', 'test/system-daemon.ts', 'test/server-process.ts'])
      expect(chains.some((chain) => chain.includes(helper))).toBe(true)
    expect(chains).toContain('server/docker-runtime.process.test.ts → node:child_process')
  })
})
