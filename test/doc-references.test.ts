import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Every reference a comment or document makes must resolve inside the repository (README
// "Documents"): a maintainer with only this checkout can follow each one.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/** Where references are written: source, styles, scripts, tests and the README. */
const SCANNED_DIRS = ['server', 'shared', 'client', 'test', 'bench']
const SCANNED_ROOT_FILES = ['README.md', 'build.mjs', 'Dockerfile', '.ci/run', 'vitest.config.ts', 'docs/STYLE.md', 'docs/STANDARDS.md']
const SCANNED_EXTENSIONS = /\.(?:ts|tsx|mjs|css)$/
// Demo content (site texts with links to real sites) and third-party schema files are data, not comments.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', path.join('server', 'demo-api', 'data'), path.join('test', 'fixtures')])

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
const files = [...SCANNED_DIRS.flatMap((dir) => walk(dir, [])), ...SCANNED_ROOT_FILES].filter((file) => file !== path.join('test', 'doc-references.test.ts'))
const sources = files.map((file) => ({ file, text: read(file) }))

const spec = read('docs/SPEC.md')
const style = read('docs/STYLE.md')
const api = read('docs/API.md')
const readme = read('README.md')
const standards = read('docs/STANDARDS.md')

/** SPEC.md sections by number, their text as one string. */
const specSections = new Map(
  [...spec.matchAll(/^## (\d+)\. [^\n]*\n([\s\S]*?)(?=^## |(?![\s\S]))/gm)].map((match) => [match[1] ?? '', match[0]]),
)
const styleConventions = new Set([...(style.split(/^## Conventions$/m)[1] ?? '').matchAll(/^(\d+)\. /gm)].map((match) => match[1]))
const readmeNotes = new Set([...readme.matchAll(/^- \*\*([^*]+?)\.\*\*/gm), ...readme.matchAll(/^#+ (.+)$/gm), ...readme.matchAll(/^\*\*([^*]+?)\.\*\*/gm)].map((m) => m[1]))

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
const explained = new Set(
  [...standards.matchAll(/^\| ([^|]+) \|/gm)].flatMap((match) => citationsIn(match[1] ?? '')),
)

const normalise = (text: string) => text.replace(/`/g, '').replace(/\s+/g, ' ').toLowerCase()

type Reference = { file: string; line: number; reference: string }

function referencesOf(pattern: RegExp, pick: (match: RegExpMatchArray) => string[]): Reference[] {
  return sources.flatMap(({ file, text }) =>
    text.split('\n').flatMap((lineText, index) =>
      [...lineText.matchAll(pattern)].flatMap((match) => pick(match).map((reference) => ({ file, line: index + 1, reference }))),
    ),
  )
}

const where = (references: Reference[]) => references.map((r) => `${r.file}:${r.line} ${r.reference}`)

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
      return quote !== undefined && !sections.some((section) => quote.split('…').every((part) => normalise(section ?? '').includes(normalise(part.trim()))))
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
    expect(where(cited.filter(({ reference }) => !exists(reference)))).toEqual([])
  })

  it('explains every cited public standard in docs/STANDARDS.md', () => {
    const cited = referencesOf(/.+/g, (match) => citationsIn(match[0]))
    expect(cited.length).toBeGreaterThan(20)
    expect(where(cited.filter(({ reference }) => !explained.has(reference)))).toEqual([])
  })

  it('sends no comment to a web page outside the repository', () => {
    // Illustrations are not references: example, hostile-example, loopback and test hosts.
    const ILLUSTRATION = /^https?:\/\/(?:[\w-]+\.)*(?:localhost|example|example\.(?:com|org|net)|evil\.com|test|invalid|\d+\.\d+\.\d+\.\d+)(?:[:/]|$)/
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
})
