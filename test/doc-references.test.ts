import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Every reference a comment or document makes must resolve inside the repository (README
// "Documents"): a maintainer with only this checkout can follow each one.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/** Where references are written: source, styles, scripts, tests and the README. */
const SCANNED_DIRS = ['server', 'shared', 'client', 'build', 'test', 'bench']
const SCANNED_ROOT_FILES = ['build.mjs', 'Dockerfile', '.ci/run', 'vitest.config.ts']
/** The README and the docs/ pages it leads to; SPEC.md and API.md are the cited copies, not scanned. */
const TOP_PAGES = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md') && name !== 'SPEC.md' && name !== 'API.md')
    .map((name) => path.join('docs', name)),
]
/** The decision records and their index, reached through docs/decisions/README.md. */
const DECISION_PAGES = readdirSync(path.join(root, 'docs', 'decisions'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => path.join('docs', 'decisions', name))
const DOC_PAGES = [...TOP_PAGES, ...DECISION_PAGES]
const SCANNED_EXTENSIONS = /\.(?:ts|tsx|mjs|css)$/
// Demo content (site texts with links to real sites) and third-party schema files are data, not comments.
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  path.join('server', 'demo-api', 'data'),
  path.join('test', 'fixtures'),
])

function walk(dir: string, into: string[]): string[] {
  for (const name of readdirSync(path.join(root, dir))) {
    const file = path.join(dir, name)
    if (SKIPPED_DIRS.has(file)) continue
    if (statSync(path.join(root, file)).isDirectory()) walk(file, into)
    else if (SCANNED_EXTENSIONS.test(name)) into.push(file)
  }
  return into
}

// This file holds the patterns themselves.
const files = [...SCANNED_DIRS.flatMap((dir) => walk(dir, [])), ...SCANNED_ROOT_FILES, ...DOC_PAGES].filter(
  (file) => file !== path.join('test', 'doc-references.test.ts'),
)
const sources = files.map((file) => ({ file, text: read(file) }))

const spec = read('docs/SPEC.md')
const style = read('docs/STYLE.md')
const api = read('docs/API.md')
const standards = read('docs/STANDARDS.md')

/** SPEC.md sections by number, their text as one string. */
const specSections = new Map(
  [...spec.matchAll(/^## (\d+)\. [^\n]*\n([\s\S]*?)(?=^## |(?![\s\S]))/gm)].map((match) => [match[1] ?? '', match[0]]),
)
const styleConventions = new Set(
  [...(style.split(/^## Conventions$/m)[1] ?? '').matchAll(/^(\d+)\. /gm)].map((match) => match[1]),
)
/** Headings and bold-led notes of one page. */
const notesOf = (text: string) =>
  [
    ...text.matchAll(/^- \*\*([^*]+?)\.\*\*/gm),
    ...text.matchAll(/^#+ (.+)$/gm),
    ...text.matchAll(/^\*\*([^*]+?)\.\*\*/gm),
  ].map((m) => m[1])
/**
 * What `README "…"` may name: a heading or note of the README itself. One that moved to a docs/
 * page is cited as `docs/<page>.md "…"`, so a reader finds it where the comment says.
 */
const readmeNotes = new Set(notesOf(read('README.md')))

/** `RFC 3986 §3.4, §3.5` → `RFC 3986 §3.4`, `RFC 3986 §3.5`; likewise for HTML and WCAG. */
function citationsIn(text: string): string[] {
  const found: string[] = []
  for (const match of text.matchAll(/\b(RFC \d+(?:bis)?|HTML(?= §))((?: ?§\d+(?:\.\d+)*(?:,| and)?)*)/g)) {
    const sections = [...(match[2] ?? '').matchAll(/§(\d+(?:\.\d+)*)/g)].map((s) => s[1])
    if (sections.length === 0) found.push(match[1] ?? '')
    for (const section of sections) found.push(`${match[1]} §${section}`)
  }
  for (const match of text.matchAll(/\bWCAG (\d+\.\d+\.\d+)/g)) found.push(`WCAG ${match[1]}`)
  return found
}

/** The citations docs/STANDARDS.md explains: the first cell of each table row. */
const explained = new Set([...standards.matchAll(/^\| ([^|]+) \|/gm)].flatMap((match) => citationsIn(match[1] ?? '')))

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces as hyphens, `-N` on repeats. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '')
  for (const match of withoutCode.matchAll(/^#{1,6} (.+?)#*\s*$/gm)) {
    const slug = (match[1] ?? '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

/** The relative targets of a page's Markdown links (`[text](target)`), outside code blocks and spans. */
function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target))
}

/** Why a link from `from` to `target` leads nowhere, or null when it resolves. */
function brokenLink(from: string, target: string): string | null {
  const [file = '', anchor] = target.split('#')
  const resolved = file === '' ? from : path.normalize(path.join(path.dirname(from), decodeURIComponent(file)))
  let text: string
  try {
    if (!statSync(path.join(root, resolved)).isFile()) return `${resolved} is not a file`
    if (anchor === undefined) return null
    text = read(resolved)
  } catch {
    return `${resolved} does not exist`
  }
  return anchorsOf(text).has(anchor) ? null : `${resolved} has no heading #${anchor}`
}

const normalise = (text: string) => text.replace(/`/g, '').replace(/\s+/g, ' ').toLowerCase()

type Reference = { file: string; line: number; reference: string }

function referencesOf(pattern: RegExp, pick: (match: RegExpMatchArray) => string[]): Reference[] {
  return sources.flatMap(({ file, text }) =>
    text
      .split('\n')
      .flatMap((lineText, index) =>
        [...lineText.matchAll(pattern)].flatMap((match) =>
          pick(match).map((reference) => ({ file, line: index + 1, reference })),
        ),
      ),
  )
}

const where = (references: Reference[]) => references.map((r) => `${r.file}:${r.line} ${r.reference}`)

describe('anchors and links of a Markdown page', () => {
  it.each([
    ['## Benchmark: `npm run bench`', 'benchmark-npm-run-bench'],
    ['### Page first, then the scripts', 'page-first-then-the-scripts'],
    ['# Tenant sites', 'tenant-sites'],
    ['## Behind a CDN', 'behind-a-cdn'],
    ['## Runtime options under this load', 'runtime-options-under-this-load'],
    ['## Soak: `npm run soak`', 'soak-npm-run-soak'],
    ['## Évolution des données', 'évolution-des-données'],
  ])('%s has the anchor #%s', (heading, anchor) => {
    expect([...anchorsOf(heading)]).toEqual([anchor])
  })

  it('numbers repeated headings and ignores code blocks', () => {
    expect([...anchorsOf('## Work\n```sh\n# not a heading\n```\n### Work\n')]).toEqual(['work', 'work-1'])
  })

  it.each([
    ['see [ops](docs/operations.md#memory).', ['docs/operations.md#memory']],
    ['[here](#scripts) and [there](../README.md)', ['#scripts', '../README.md']],
    ['an [outside page](https://example.com/x) and [mail](mailto:a@example.com)', []],
    ['`[not](a-link.md)` in code', []],
  ])('finds the relative links of %j', (markdown, targets) => {
    expect(linksOf(markdown)).toEqual(targets)
  })
})

describe('references resolve inside the repository', () => {
  it('cites SPEC sections that exist, quoting what the section says', () => {
    const cited = referencesOf(/SPEC ((?:§ ?\d+(?:, | and | \/ )?)+)(?: ?"([^"]+)")?/g, (match) => {
      const numbers = [...(match[1] ?? '').matchAll(/§ ?(\d+)/g)].map((n) => n[1] ?? '')
      return [numbers.join(',') + (match[2] ? `|${match[2]}` : '')]
    })
    expect(cited.length).toBeGreaterThan(100)
    const broken = cited.filter(({ reference }) => {
      const [numbers = '', quote] = reference.split('|')
      const sections = numbers.split(',').map((n) => specSections.get(n))
      if (sections.some((section) => section === undefined)) return true
      // A quote (an ellipsis marks a cut) must be found, cut by cut, in one of the cited sections.
      return (
        quote !== undefined &&
        !sections.some((section) =>
          quote.split('…').every((part) => normalise(section ?? '').includes(normalise(part.trim()))),
        )
      )
    })
    expect(where(broken)).toEqual([])
  })

  it('cites STYLE conventions and headings that exist', () => {
    const conventions = referencesOf(/STYLE\.md convention (\d+)/g, (match) => [match[1] ?? ''])
    const named = referencesOf(/STYLE\.md "([^"]+)"/g, (match) => [match[1] ?? ''])
    expect(conventions.length + named.length).toBeGreaterThan(5)
    const broken = [
      ...conventions.filter(({ reference }) => !styleConventions.has(reference)),
      ...named.filter(({ reference }) => !normalise(style).includes(normalise(reference))),
    ]
    expect(where(broken)).toEqual([])
  })

  it('cites API.md by names it holds', () => {
    const cited = referencesOf(/API\.md,? (?:"([^"]+)"|`([^`]+)`)/g, (match) => [match[1] ?? match[2] ?? ''])
    expect(cited.length).toBeGreaterThan(10)
    expect(where(cited.filter(({ reference }) => !normalise(api).includes(normalise(reference))))).toEqual([])
  })

  it('cites README design notes and sections that exist', () => {
    const cited = referencesOf(/README "([^"]+)"/g, (match) => [match[1] ?? ''])
    expect(where(cited.filter(({ reference }) => !readmeNotes.has(reference)))).toEqual([])
  })

  it('cites headings of docs/ pages that exist', () => {
    // STYLE.md and API.md citations have checks of their own above.
    const cited = referencesOf(/docs\/([\w-]+\.md),? "([^"]+)"/g, (match) => [`${match[1]}|${match[2]}`]).filter(
      ({ reference }) => !/^(?:STYLE|API|SPEC|STANDARDS)\.md\|/.test(reference),
    )
    expect(cited.length).toBeGreaterThan(3)
    const broken = cited.filter(({ reference }) => {
      const [page = '', note] = reference.split('|')
      const file = path.join('docs', page)
      return !DOC_PAGES.includes(file) || !notesOf(read(file)).includes(note)
    })
    expect(where(broken)).toEqual([])
  })

  it('names documents by paths that exist', () => {
    const cited = referencesOf(/(?<![\w/.-])((?:\.\.\/)*(?:[\w-]+\/)*[\w-]+\.md)\b/g, (match) => [match[1] ?? ''])
    const exists = (reference: string) => {
      const bare = reference.replace(/^(?:\.\.\/)+/, '')
      // A bare name (`SPEC.md`) means the one in docs/.
      return [bare, path.join('docs', bare)].some((candidate) => {
        try {
          return statSync(path.join(root, candidate)).isFile() && (reference === bare || candidate === bare)
        } catch {
          return false
        }
      })
    }
    // A decision record names its neighbours and the pages above it as its links do: from its folder.
    const fromRecord = ({ file, reference }: Reference) =>
      DECISION_PAGES.includes(file) &&
      statSync(path.join(root, path.dirname(file), reference), { throwIfNoEntry: false })?.isFile()
    expect(where(cited.filter((cite) => !exists(cite.reference) && !fromRecord(cite)))).toEqual([])
  })

  it('explains every cited public standard in docs/STANDARDS.md', () => {
    const cited = referencesOf(/.+/g, (match) => citationsIn(match[0]))
    expect(cited.length).toBeGreaterThan(20)
    expect(where(cited.filter(({ reference }) => !explained.has(reference)))).toEqual([])
  })

  it('sends no comment to a web page outside the repository', () => {
    // Illustrations are not references: example, hostile-example, loopback and test hosts.
    const ILLUSTRATION =
      /^https?:\/\/(?:[\w-]+\.)*(?:localhost|example|example\.(?:com|org|net)|evil\.com|test|invalid|\d+\.\d+\.\d+\.\d+)(?:[:/]|$)/
    const commentOf = (file: string, lineText: string) => {
      if (file.endsWith('.md')) return lineText
      const trimmed = lineText.trim()
      if (/^(?:\/\/|\/\*|\*|#|<!--)/.test(trimmed)) return lineText
      const inline = lineText.indexOf(' // ')
      return inline === -1 ? '' : lineText.slice(inline)
    }
    const outside = sources.flatMap(({ file, text }) =>
      text.split('\n').flatMap((lineText, index) =>
        [...commentOf(file, lineText).matchAll(/https?:\/\/[\w-]+(?:\.[\w-]+)+[^\s)"'`>]*/g)]
          .map((match) => match[0])
          .filter((url) => !ILLUSTRATION.test(url) && !(file === 'docs/STANDARDS.md' && url === 'https://schema.org'))
          .map((url) => `${file}:${index + 1} ${url}`),
      ),
    )
    expect(outside).toEqual([])
  })
  it('links the README and its docs/ pages to files and headings that exist', () => {
    const links = DOC_PAGES.flatMap((file) => linksOf(read(file)).map((target) => ({ file, target })))
    expect(links.length).toBeGreaterThan(20)
    const broken = links.flatMap(({ file, target }) => {
      const why = brokenLink(file, target)
      return why === null ? [] : [`${file} (${target}): ${why}`]
    })
    expect(broken).toEqual([])
  })

  it('links every docs/ page from the README', () => {
    const linked = new Set(linksOf(read('README.md')).map((target) => path.normalize(target.split('#')[0] ?? '')))
    expect(TOP_PAGES.filter((file) => file !== 'README.md' && !linked.has(file))).toEqual([])
    expect(linked.has(path.join('docs', 'decisions', 'README.md'))).toBe(true)
  })

  it('lists every variable server/env.ts parses in the README environment table', () => {
    // The environment's schema, OpenTelemetry's variables (spread into it) included.
    const parsed = ['server/env.ts', 'server/telemetry/tracing-env.ts'].flatMap((file) =>
      [...read(file).matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1] ?? ''),
    )
    const listed = new Set([...read('README.md').matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((match) => match[1]))
    expect(parsed.length).toBeGreaterThan(20)
    expect([...new Set(parsed)].filter((name) => !listed.has(name))).toEqual([])
  })
})
