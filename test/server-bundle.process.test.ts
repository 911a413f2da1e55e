import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g
/** Packages only the browser runs: the editor, the toast host's client root, the sign-in dialog. */
const BROWSER_ONLY = /^(?:react-dom\/client|codemirror|@codemirror\/|dompurify|react-toastify|@react-oauth\/google)/

/** The packages a bundle loads when it starts: its static imports, followed through its own chunks. */
function packagesLoadedAtStart(entry: string): Set<string> {
  const packages = new Set<string>()
  const seen = new Set<string>()
  const queue = [entry]
  while (queue.length > 0) {
    const file = queue.shift()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier!.startsWith('.')) queue.push(path.resolve(path.dirname(file), specifier!))
      else packages.add(specifier!)
    }
  }
  return packages
}

describe('the server bundle', { timeout: 120_000 }, () => {
  let out: string
  beforeAll(() => {
    out = mkdtempSync(path.join(os.tmpdir(), 'tenant-sites-server-'))
    execFileSync(process.execPath, [path.join(root, 'build.mjs'), '--only=server', `--out=${out}`], {
      cwd: root,
      stdio: 'pipe',
      timeout: 110_000,
    })
  })
  afterAll(() => rmSync(out, { recursive: true, force: true }))

  it('loads no browser-only package when the server starts (they stay in chunks loaded on demand)', () => {
    const atStart = packagesLoadedAtStart(path.join(out, 'server', 'index.js'))
    expect(atStart.has('react-dom/server')).toBe(true)
    expect([...atStart].filter((name) => BROWSER_ONLY.test(name))).toEqual([])
  })

  it('carries the demo API in a file of its own, imported only when the demo runs', () => {
    const entry = readFileSync(path.join(out, 'server', 'index.js'), 'utf8')
    const demo = readFileSync(path.join(out, 'server', 'embedded-demo-api.js'), 'utf8')
    // esbuild heads each bundled module with its source path.
    const demoModules = (code: string) => code.match(/^\/\/ server\/demo-api\/\S+/gm) ?? []
    expect(demoModules(demo)).toContain('// server/demo-api/app.ts')
    expect(demoModules(entry)).toEqual([])
    expect(entry).not.toContain('function createDemoApi')
    expect(entry).toMatch(/await import\("\.\/embedded-demo-api\.js"\)/)
    expect(entry).not.toMatch(/^import [^;]*embedded-demo-api/m)
  })

  it('loads no OpenTelemetry package at start: its runtime is a file of its own, imported when an endpoint is set', () => {
    const atStart = packagesLoadedAtStart(path.join(out, 'server', 'index.js'))
    expect([...atStart].filter((name) => name.startsWith('@opentelemetry/'))).toEqual([])
    const entry = readFileSync(path.join(out, 'server', 'index.js'), 'utf8')
    expect(entry).toMatch(/await import\("\.\/tracing-runtime\.js"\)/)
    const runtime = packagesLoadedAtStart(path.join(out, 'server', 'tracing-runtime.js'))
    expect(runtime.has('@opentelemetry/sdk-trace')).toBe(true)
  })
})
