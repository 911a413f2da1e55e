import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { validateXML } from 'xmllint-wasm'

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'sitemap-schema')
const file = (fileName: string) => ({ fileName, contents: readFileSync(path.join(dir, fileName), 'utf8') })

/**
 * Validates a sitemap or sitemap index against the sitemaps.org schema (libxml2, as WebAssembly; no
 * network). Answers the validation errors, none when valid.
 */
export async function sitemapSchemaErrors(xml: string): Promise<string[]> {
  const index = xml.includes('<sitemapindex')
  const result = await validateXML({
    xml: [{ fileName: 'sitemap.xml', contents: xml }],
    schema: [index ? file('siteindex.xsd') : file('urlset.xsd')],
    preload: index ? [] : [file('sitemap.xsd'), file('xhtml-link.xsd')],
  })
  return result.errors.map((error) => error.rawMessage)
}
