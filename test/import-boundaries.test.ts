import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file))
}

/** Every relative import of a file that resolves into `server/`. */
function serverImports(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8')
  return [...text.matchAll(IMPORT)]
    .map((match) => match[1] ?? match[2] ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .filter(
      (specifier) =>
        path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier)).split(path.sep)[0] === 'server',
    )
}

/** The Node built-ins a source text imports (`node:fs`, `node:path`…). */
function nodeImports(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? '').filter((s) => s.startsWith('node:'))
}

/** Every import specifier of a file, relative or not. */
function allImports(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8')
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? '')
}

/** Request and response code: Hono, Node's HTTP objects, the request id, the security policy, routes, answers, middleware. */
const REQUEST_AND_RESPONSE = [
  /^hono(?:\/|$)/,
  /^@hono\//,
  /^(?:node:)?http$/,
  /\/http\/request-id\.ts$/,
  /\/http\/request-facts\.ts$/,
  /\/http\/security-policy\.ts$/,
  /\/routes\//,
  /\/answer\//,
  /\/middleware\//,
]

// STYLE.md "The three sides": shared/ runs in the browser too, client/ only there; neither may reach server code.
describe('import boundaries', () => {
  it.each(['shared', 'client'])('%s/ never imports server/', (folder) => {
    const files = sourceFiles(folder).filter((file) => !/\.test\.tsx?$/.test(file))
    expect(files.length).toBeGreaterThan(3)
    const offenders = files.flatMap((file) => serverImports(file).map((specifier) => `${file} → ${specifier}`))
    expect(offenders).toEqual([])
  })

  // client/ is bundled for the browser alone: a Node step (a build script, anything that reads the
  // disk) belongs in build/ or server/, where a reader looking for Node code finds it.
  it('client/ holds no Node code', () => {
    const files = readdirSync(path.join(ROOT, 'client'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(?:tsx?|mts|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => path.join('client', file))
    const nodeCode = files.filter(
      (file) => /\.m[jt]s$/.test(file) || nodeImports(readFileSync(path.join(ROOT, file), 'utf8')).length > 0,
    )
    expect(nodeCode).toEqual([])
  })

  // STYLE.md "Request flow": the cache stores, HTTP answers. What the HTML cache keeps is answered
  // by server/answer/ at the front door; the cache itself knows no request, response or route.
  it('server/cache/ never imports request or response code', () => {
    const files = sourceFiles('server/cache').filter((file) => !/\.test(?:-helper)?\.tsx?$/.test(file))
    expect(files.length).toBeGreaterThan(3)
    const offenders = files.flatMap((file) =>
      allImports(file)
        .filter((specifier) => REQUEST_AND_RESPONSE.some((forbidden) => forbidden.test(specifier)))
        .map((specifier) => `${file} → ${specifier}`),
    )
    expect(offenders).toEqual([])
    // The rule sees such imports where they belong: the hit writer answers on Node's response.
    const answering = allImports('server/answer/hit-writer.ts')
    expect(
      answering.filter((specifier) => REQUEST_AND_RESPONSE.some((forbidden) => forbidden.test(specifier))),
    ).not.toEqual([])
  })

  it('catches an import into server/', () => {
    expect(serverImports('test/fake-loader-env.ts').length).toBeGreaterThan(0)
  })

  it('catches an import of a Node built-in', () => {
    expect(nodeImports(readFileSync(path.join(ROOT, 'build', 'precompress.mjs'), 'utf8'))).toContain('node:zlib')
  })
})
