import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The README is what a newcomer and an operator read first; figures, logs of runs and design notes
// belong in docs/, which it links to.
const README_MAX_BYTES = 16_000

describe('the README', () => {
  it(`stays under ${README_MAX_BYTES} bytes`, () => {
    expect(readFileSync(path.resolve(import.meta.dirname, '..', 'README.md')).byteLength).toBeLessThan(README_MAX_BYTES)
  })
})
