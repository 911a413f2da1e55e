import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '../server/env.ts'
import config from '../vitest.config.ts'

// What the docs state as a fact of the code (a default, a metric's name, a test group, the shape of
// a decision record) is read from the code here, so a change to one without the other fails
// (test/doc-references.test.ts does the same for the names documents cite).

const ROOT = path.resolve(import.meta.dirname, '..')
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')
const DOC_FILES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file)),
]

/** Every metric createMetrics registers, by the `name:` of its definition. */
const codeMetrics = new Set(
  [...read('server/metrics/metric-definitions.ts').matchAll(/\bname: '([a-z_]+)'/g)].map((m) => m[1]),
)
/** prom-client's default process metrics (collectDefaultMetrics), listed in operations.md as one row. */
const DEFAULT_METRIC = /^(?:process|nodejs)_/

describe('metrics the docs name', () => {
  /** The first cell of each row of operations.md's metrics table. */
  const tableNames = (() => {
    const text = read('docs/operations.md')
    const table = text.slice(text.indexOf('| metric ')).split(/\n(?!\|)/)[0] ?? ''
    return table
      .split('\n')
      .slice(2)
      .flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([a-z_*]+)`/g)].map((m) => m[1] ?? ''))
  })()

  it('lists in operations.md every metric the code registers, and no other', () => {
    expect(codeMetrics.size).toBeGreaterThan(20)
    const listed = tableNames.filter((name) => !DEFAULT_METRIC.test(name))
    expect([...codeMetrics].filter((name) => !listed.includes(name ?? ''))).toEqual([])
    expect(listed.filter((name) => !codeMetrics.has(name))).toEqual([])
  })

  it('names no metric anywhere in the docs that the code does not register', () => {
    const named = DOC_FILES.flatMap((file) =>
      [...read(file).matchAll(/`([a-z][a-z0-9_]*_(?:total|seconds|bytes))(?:\{[^}`]*\})?`/g)].map(
        (m) => `${file} ${m[1]}`,
      ),
    )
    expect(named.length).toBeGreaterThan(10)
    expect(
      named.filter((entry) => !codeMetrics.has(entry.split(' ')[1]) && !DEFAULT_METRIC.test(entry.split(' ')[1] ?? '')),
    ).toEqual([])
  })
})

/** Defaults the table describes in words, and what the code must hold for them. */
const DESCRIBED: Record<string, (value: unknown) => boolean> = {
  // Read as HTML_CACHE_TTL_MS when unset.
  REDIS_ADMIT_GAP_MS: (value) => value === undefined,
  CLOUDFLARE_API_URL: (value) => typeof value === 'string' && new URL(value).hostname === 'api.cloudflare.com',
  FASTLY_API_URL: (value) => typeof value === 'string' && new URL(value).hostname === 'api.fastly.com',
}

/** No value: an empty string, list or set of attributes. */
function isEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'object' && value !== null) return Object.keys(value).length === 0
  return value === ''
}

describe("the README's environment table", () => {
  const rows = [...read('README.md').matchAll(/^\| `([A-Z][A-Z0-9_]+)` \| ([^|]+?) \|/gm)].map((m) => ({
    name: m[1] ?? '',
    written: m[2] ?? '',
  }))
  const parsed = parseEnv({})
  if (!parsed.ok) throw new Error(parsed.errors.join('; '))
  const defaults: Record<string, unknown> = parsed.env

  it('states each default the code applies: the written value parses to it', () => {
    expect(rows.length).toBeGreaterThan(50)
    const wrong = rows.flatMap(({ name, written }) => {
      const actual = defaults[name]
      let holds: boolean
      if (written === '(unset)') holds = actual === undefined
      else if (written === '(empty)') holds = isEmpty(actual)
      else if (DESCRIBED[name] !== undefined) holds = DESCRIBED[name](actual)
      else {
        const again = parseEnv({ [name]: written })
        holds = again.ok && JSON.stringify(again.env[name as keyof typeof again.env]) === JSON.stringify(actual)
      }
      return holds ? [] : [`${name}: README says ${written}, the code ${JSON.stringify(actual)}`]
    })
    expect(wrong).toEqual([])
  })

  it('describes in words only the defaults listed above', () => {
    const described = rows.filter(({ written }) => !/^(?:\(unset\)|\(empty\)|[\w./:-]+)$/.test(written))
    expect(described.map(({ name }) => name).sort()).toEqual(Object.keys(DESCRIBED).sort())
  })
})

describe('the test groups the docs describe', () => {
  const projects = (config.test?.projects ?? []) as { test: { name: string; include?: string[] } }[]
  const record = read('docs/decisions/0020-three-test-groups.md')

  it('are the projects of vitest.config.ts, by name and file suffix', () => {
    expect(projects.map((project) => project.test.name).sort()).toEqual(['browser', 'process', 'unit'])
    for (const name of ['browser', 'process', 'unit']) expect(record).toContain(`_${name}_`)
    for (const suffix of ['browser', 'process']) {
      const include = projects.find((project) => project.test.name === suffix)?.test.include ?? []
      expect(include).toEqual([`**/*.${suffix}.test.{ts,tsx}`])
      expect(record).toContain(`\`*.${suffix}.test.ts\``)
    }
  })
})

describe('decision records', () => {
  const folder = path.join('docs', 'decisions')
  const records = readdirSync(path.join(ROOT, folder))
    .filter((file) => file !== 'README.md')
    .sort()
  const index = read(path.join(folder, 'README.md'))

  it('are numbered in order, one file each, and listed in the index', () => {
    expect(records.length).toBeGreaterThan(30)
    records.forEach((file, at) => {
      expect(file).toMatch(new RegExp(`^${String(at + 1).padStart(4, '0')}-[a-z0-9-]+\\.md$`))
      expect(index).toContain(`](${file})`)
    })
  })

  it.each(records)('%s is dated, says context, decision and consequence, in at most 150 words', (file) => {
    const text = read(path.join(folder, file))
    expect(text).toMatch(new RegExp(`^# ${file.slice(0, 4)}\\. .+\\n\\nDate: \\d{4}-\\d{2}-\\d{2}\\n`))
    const parts = [...text.matchAll(/^\*\*(Context|Decision|Consequence)\.\*\* /gm)].map((m) => m[1])
    expect(parts).toEqual(['Context', 'Decision', 'Consequence'])
    const body = text.slice(text.indexOf('**Context.**')).replace(/\*\*\w+\.\*\*/g, '')
    expect(body.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(150)
  })
})
