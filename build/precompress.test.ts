import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { precompress } from './precompress.mjs'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('precompress', () => {
  it('writes a brotli and a gzip copy of each script, stylesheet, SVG and JSON file, and of nothing else', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'))
    dirs.push(dir)
    const text = 'export const a = 1;\n'.repeat(50)
    for (const name of ['a.js', 'b.css', 'c.svg', 'd.json', 'e.map', 'f.webp'])
      writeFileSync(path.join(dir, name), text)
    await precompress(dir)
    expect(
      readdirSync(dir)
        .filter((name) => /\.(?:br|gz)$/.test(name))
        .sort(),
    ).toEqual(['a.js', 'b.css', 'c.svg', 'd.json'].flatMap((name) => [`${name}.br`, `${name}.gz`]).sort())
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'a.js.br'))).toString()).toBe(text)
    expect(gunzipSync(readFileSync(path.join(dir, 'd.json.gz'))).toString()).toBe(text)
  })
})
