import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as esbuild from 'esbuild'
import { afterEach, describe, expect, it } from 'vitest'
import { foldChunks } from './fold-chunks.mjs'

const OUTPUT = { platform: 'browser', minify: true, sourcemap: 'linked', logLevel: 'silent' } as const
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/**
 * Builds a fixture as build.mjs builds the client (an entry with two lazily loaded pages; `shell.ts`
 * shared by the entry and page A, `shared.ts` by both pages only), then folds it. Returns each
 * output file's text by name.
 */
async function buildFixture(shared: string) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'fold-chunks-'))
  dirs.push(root)
  const files: Record<string, string> = {
    'entry.ts': `import { shell } from './shell.ts'\nconsole.log(shell, () => import('./page-a.ts'), () => import('./page-b.ts'))`,
    'shell.ts': `export const shell = 'SHELL-MARK'`,
    'page-a.ts': `import { shell } from './shell.ts'\nimport { shared } from './shared.ts'\nconsole.log(shell, shared)`,
    'page-b.ts': `import { shared } from './shared.ts'\nconsole.log(shared, 'PAGE-B')`,
    'shared.ts': shared,
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text)
  const outDir = path.join(root, 'out')
  const first = await esbuild.build({
    ...OUTPUT,
    absWorkingDir: root,
    entryPoints: ['entry.ts'],
    outdir: outDir,
    publicPath: '/assets',
    bundle: true,
    splitting: true,
    format: 'esm',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
  })
  const metafile = await foldChunks({
    metafile: first.metafile,
    root,
    outDir,
    publicPath: '/assets',
    entryPoint: 'entry.ts',
    isPage: (entryPoint) => entryPoint.startsWith('page-'),
    output: OUTPUT,
  })
  const out = Object.fromEntries(
    readdirSync(outDir)
      .filter((name) => name.endsWith('.js'))
      .map((name) => [name, readFileSync(path.join(outDir, name), 'utf8')]),
  )
  const of = (entryPoint: string) => {
    const file = Object.keys(metafile.outputs).find((name) => metafile.outputs[name]?.entryPoint === entryPoint)
    if (file === undefined) throw new Error(`${entryPoint} has no output file`)
    return out[path.basename(file)] ?? ''
  }
  return { out, metafile, entry: of('entry.ts'), pageA: of('page-a.ts'), pageB: of('page-b.ts') }
}

const SHARED_MARK = 'SHARED-MARK'

describe('foldChunks', { timeout: 20_000 }, () => {
  it("folds the entry's static chunk into the entry and copies a stateless shared chunk into each page", async () => {
    const { out, metafile, entry, pageA, pageB } = await buildFixture(
      `export const shared = ['${SHARED_MARK}', () => new Map()]`,
    )
    expect(entry).toContain('SHELL-MARK')
    // Page A takes the shell from the entry, and every page has the shared code in its own file.
    expect(pageA).not.toContain('SHELL-MARK')
    expect(pageA).toContain(SHARED_MARK)
    expect(pageB).toContain(SHARED_MARK)
    // The folded metafile says so: a page imports nothing statically but the entry.
    const pageOutput = Object.values(metafile.outputs).find((output) => output.entryPoint === 'page-b.ts')
    expect(pageOutput?.imports.filter((item) => item.kind === 'import-statement')).toEqual([])
    expect(Object.keys(pageOutput?.inputs ?? {})).toContain('shared.ts')
    expect(Object.keys(out).some((name) => name.startsWith('chunk-') && out[name]?.includes('SHELL-MARK'))).toBe(false)
  })

  it.each([
    ['a map made at import', `export const shared = new Map([['${SHARED_MARK}', 1]])`],
    ['an exported let', `export let shared = '${SHARED_MARK}'`],
    ['a var', `var seen = '${SHARED_MARK}'\nexport const shared = () => seen`],
    [
      'a React-style context',
      `const createContext = (v) => ({ v })\nexport const shared = createContext('${SHARED_MARK}')`,
    ],
  ])('keeps a shared chunk with %s in one file both pages import', async (_, source) => {
    const { out, pageA, pageB } = await buildFixture(source)
    expect(pageA).not.toContain(SHARED_MARK)
    expect(pageB).not.toContain(SHARED_MARK)
    const chunk = Object.keys(out).find((name) => name.startsWith('chunk-') && out[name]?.includes(SHARED_MARK))
    expect(chunk).toBeDefined()
    expect(pageA).toContain(`/assets/${chunk}`)
    expect(pageB).toContain(`/assets/${chunk}`)
  })
})
