import { createHash } from 'node:crypto'

/** A `<script …>` start tag and its text, up to the first `</script` (as the HTML parser ends it). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi
const SRC = /\ssrc\s*=/i
const TYPE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i
/** Types a browser runs (HTML §4.12.1): none, a JavaScript MIME type, or module. Others (JSON data) are inert. */
const RUNNABLE_TYPE = /^(?:|text\/javascript|application\/javascript|module)$/i

/**
 * What a complete page's inline scripts need of a hash-based policy: the `'sha256-…'` source of each
 * runnable inline script, or null when the page also has a parser-inserted `<script src>` (a tenant's
 * own code), which `'strict-dynamic'` blocks without a nonce, so such a page cannot go out under a
 * policy shared by every visitor. Data scripts (`type="application/json"`) are not run and need none.
 */
export function inlineScriptHashes(html: string): string[] | null {
  const hashes = new Set<string>()
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? ''
    const typeMatch = TYPE.exec(attributes)
    const type = (typeMatch?.[1] ?? typeMatch?.[2] ?? typeMatch?.[3] ?? '').trim()
    if (!RUNNABLE_TYPE.test(type)) continue
    if (SRC.test(attributes)) return null
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    )
  }
  return [...hashes]
}
