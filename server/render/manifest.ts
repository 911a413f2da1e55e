import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { STYLE_GROUPS, type StyleGroup } from '../../shared/styles/style-groups.ts'

const chunkSchema = z.object({ file: z.string(), imports: z.array(z.string()) })

const manifestSchema = z.object({
  entry: chunkSchema,
  /** Address of every stylesheet by group (client/styles/sheets). */
  styles: z.record(z.enum(STYLE_GROUPS), z.string().regex(/^\/assets\/[\w.-]+\.css$/)),
  pages: z.record(z.string(), chunkSchema),
  /** A content body's view, by module name (VIEW_MODULES in shared/pages/content/content-views.ts). */
  views: z.record(z.string(), chunkSchema),
  /** Chunks loaded on demand by a feature (the article editor, the account session). */
  lazy: z.record(z.string(), chunkSchema),
  /** What the sign-in dialog needs once tapped: its chunk, the translator, each language's strings. */
  signIn: z.object({
    dialog: chunkSchema,
    translator: chunkSchema,
    locales: z.record(z.string(), z.object({ page: chunkSchema, account: chunkSchema })),
  }),
})

/**
 * What build.mjs wrote about the browser bundle: the entry, its static imports, the stylesheets,
 * and the chunk of every page module and content view, so a page can preload exactly what it needs.
 * `styleText` holds each stylesheet's content, read once: a page's head carries its sheets inline.
 */
export type ClientManifest = z.infer<typeof manifestSchema> & { styleText: Readonly<Record<StyleGroup, string>> }

/** Reads and checks the manifest (and the stylesheets it names) once at start; a missing or broken build is a clear error. */
export function readClientManifest(manifestPath: string): ClientManifest {
  let text: string
  try {
    text = readFileSync(manifestPath, 'utf8')
  } catch (cause) {
    throw new Error(`The browser bundle manifest ${manifestPath} is missing: run "npm run build" first`, { cause })
  }
  const manifest = manifestSchema.parse(JSON.parse(text))
  const clientRoot = path.dirname(manifestPath)
  const styleText = Object.fromEntries(
    STYLE_GROUPS.map((group) => {
      const href = manifest.styles[group]
      if (href === undefined)
        throw new Error(`The browser bundle has no "${group}" stylesheet: run "npm run build" again`)
      // `</style` cannot occur in minified CSS outside a string; refusing it keeps the inline element closed.
      const css = readFileSync(path.join(clientRoot, href), 'utf8').trim()
      if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style", which cannot be inlined`)
      return [group, css]
    }),
  ) as Record<StyleGroup, string>
  return { ...manifest, styleText }
}

/**
 * What names a build: the content hash in the browser entry's file name (build.mjs names chunks
 * `[name]-[hash]`), which changes with any code the browser runs; the file name when it has none.
 */
export function buildIdOf(entryFile: string): string {
  const name = path.basename(entryFile)
  return /-([\w]+)\.js$/.exec(name)?.[1] ?? name
}
