import { readFileSync } from 'node:fs'
import { z } from 'zod'

const manifestSchema = z.object({
  entry: z.object({ file: z.string(), imports: z.array(z.string()) }),
  css: z.array(z.string()),
  pages: z.record(z.string(), z.object({ file: z.string(), imports: z.array(z.string()) })),
  locales: z.record(z.string(), z.string()),
})

/**
 * What build.mjs wrote about the browser bundle: the entry, its static imports, the stylesheet,
 * and the chunk of every page module and locale, so a page can preload exactly what it needs.
 */
export type ClientManifest = z.infer<typeof manifestSchema>

/** Reads and checks the manifest once at start; a missing or broken build is a clear error. */
export function readClientManifest(path: string): ClientManifest {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (cause) {
    throw new Error(`The browser bundle manifest ${path} is missing: run "npm run build" first`, { cause })
  }
  return manifestSchema.parse(JSON.parse(text))
}
