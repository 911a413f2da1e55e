import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { RenderedPage, Shape } from './page-kinds.ts'

// The W3C Nu HTML Checker (npm's vnu-jar, run by Debian's Java) over rendered pages and every
// stylesheet, in one run of the checker (server/render/markup-validators.process.test.ts). A clean page has
// no message at all, warnings and notes included, but for those in IGNORED below, each with its
// reason (docs/markup.md).

interface Ignored {
  message: RegExp
  /** Only where every CSS declaration the message may point at matches. */
  css?: RegExp
  /** Only with these shapes of data. */
  shapes?: readonly Shape[]
  reason: string
}

/** Nu checker messages that are not defects of ours. */
export const IGNORED: readonly Ignored[] = [
  {
    message: /^Trailing slash on void elements has no effect/,
    reason:
      'React writes void elements as <meta … />: allowed by HTML, harmless with the quoted attributes React always writes; a note, not an error',
  },
  {
    message: /^CSS: “[a-z-]+”: The types are incompatible\.$/,
    css: /\b(min|max|clamp|calc)\(.*\bvar\(/s,
    reason:
      'the checker cannot type var() inside a math function (min(420px, calc(100vw - 2 * var(--space-4)))); browsers resolve it',
  },
  {
    message: /^This document appears to be written in Arabic/,
    shapes: ['long-rtl'],
    reason:
      "a guess from the bulk of the text: that shape fills every upstream text with Arabic, while the page declares its site's language; the contract gives upstream texts no language of their own",
  },
]

/** The checker itself, run by Debian's Java (test/system-deps.mjs). */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')

const ROOT = path.resolve(import.meta.dirname, '..')

/** The source stylesheets. */
export const STYLESHEETS = readdirSync(path.join(ROOT, 'client/styles'), { recursive: true })
  .map(String)
  .filter((name) => name.endsWith('.css'))
  .map((name) => path.join('client/styles', name))

interface NuMessage {
  type: string
  subType?: string
  message: string
  url: string
  extract?: string
  hiliteStart?: number
}

interface Checked {
  /** The page's label, or the stylesheet's name. */
  label: string
  shape: Shape
  text: string
}

/**
 * The CSS declarations a message's extract can point at in `text` (its line numbers do not always
 * match the file's): every place of the extract, widened to the declaration around its highlight.
 */
function declarationsAt(text: string, extract: string, highlight: number): string[] {
  const found: string[] = []
  for (let at = text.indexOf(extract); at >= 0 && extract !== ''; at = text.indexOf(extract, at + 1)) {
    const point = at + highlight
    const start = Math.max(text.lastIndexOf(';', point), text.lastIndexOf('{', point)) + 1
    const ends = [text.indexOf(';', point), text.indexOf('}', point)].filter((end) => end >= 0)
    found.push(text.slice(start, ends.length > 0 ? Math.min(...ends) : text.length))
  }
  return found
}

function isIgnored(message: NuMessage, checked: Checked | undefined): boolean {
  const declarations = declarationsAt(checked?.text ?? '', message.extract ?? '', message.hiliteStart ?? 0)
  return IGNORED.some(
    (rule) =>
      rule.message.test(message.message) &&
      (rule.css === undefined || (declarations.length > 0 && declarations.every((text) => rule.css?.test(text)))) &&
      (rule.shapes === undefined || rule.shapes.includes(checked?.shape ?? 'demo')),
  )
}

/**
 * A page with its own inline stylesheets (`<style data-styles>`, the same few on every page) taken
 * out into `sheets`, each checked once as CSS: the checker spends most of its time on CSS.
 */
function withoutOwnStyles(html: string, sheets: Map<string, string>): string {
  return html.replace(/(<style data-styles="([\w-]+)"[^>]*>)([^<]*)(<\/style>)/g, (_all, open, name, css, close) => {
    const hash = createHash('sha256').update(css).digest('hex').slice(0, 8)
    sheets.set(`inline stylesheet ${name} ${hash}`, css)
    return `${open}${close}`
  })
}

/**
 * One run of the checker over every page and stylesheet: the messages not ignored, by the page's
 * label or the stylesheet's name (an entry for each, empty when clean).
 */
export async function nuCheck(pages: Map<string, RenderedPage>): Promise<Map<string, string[]>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'nu-check-'))
  try {
    const files = new Map<string, Checked>()
    const inline = new Map<string, string>()
    for (const [label, { html, shape }] of pages) {
      const file = path.join(dir, `page-${files.size}.html`)
      const text = withoutOwnStyles(html, inline)
      files.set(file, { label, shape, text })
      await writeFile(file, text)
    }
    for (const [label, css] of inline) {
      const file = path.join(dir, `sheet-${files.size}.css`)
      files.set(file, { label, shape: 'demo', text: css })
      await writeFile(file, css)
    }
    for (const sheet of STYLESHEETS) {
      const file = path.join(ROOT, sheet)
      files.set(file, { label: sheet, shape: 'demo', text: await readFile(file, 'utf8') })
    }
    const { stderr } = await promisify(execFile)(
      '/usr/bin/java',
      ['-jar', VNU_JAR, '--also-check-css', '--format', 'json', '--exit-zero-always', ...files.keys()],
      { maxBuffer: 64 * 1024 * 1024 },
    )
    const problems = new Map<string, string[]>([...files.values()].map(({ label }) => [label, []]))
    for (const message of (JSON.parse(stderr) as { messages: NuMessage[] }).messages) {
      const checked = files.get(decodeURIComponent(new URL(message.url).pathname))
      if (isIgnored(message, checked)) continue
      const label = checked?.label ?? message.url
      const kind = [message.type, message.subType].filter(Boolean).join('/')
      problems.set(label, [...(problems.get(label) ?? []), `${kind}: ${message.message} (${message.extract ?? ''})`])
    }
    return problems
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
