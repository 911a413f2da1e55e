import { createHash } from 'node:crypto'

/** What the scripts of a piece of HTML need from a Content-Security-Policy. */
export interface InlineScripts {
  /** Base64 SHA-256 of each inline script's text, in document order, without repeats. */
  hashes: string[]
  /** Whether a `<script src>` is among them: a hash cannot allow one, only a nonce can. */
  external: boolean
}

// Types whose content a browser runs; any other (JSON, JSON-LD, templates) is data and needs no hash.
const RUNNABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module'])
const TYPE_ATTRIBUTE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i
const SRC_ATTRIBUTE = /\ssrc\s*=/i

/**
 * The scripts of HTML this server wrote (the document's head and tail, a site's code as
 * shared/seo/head-tag.ts writes it): its tags are in lower case, every attribute value is escaped,
 * so a start tag ends at its first `>`, and a script's text cannot hold `</script` in any case
 * (head-tag.ts neutralises it), so it ends at the first `</script>`, as a browser reads it. The hash
 * is of that text exactly (CSP 3 §8.4), so one listed in the policy allows this script and no other.
 */
export function inlineScripts(html: string): InlineScripts {
  const hashes = new Set<string>()
  let external = false
  let at = html.indexOf('<script')
  while (at !== -1) {
    const tagEnd = html.indexOf('>', at)
    const close = tagEnd === -1 ? -1 : html.indexOf('</script>', tagEnd)
    if (close === -1) break
    const tag = html.slice(at, tagEnd)
    if (SRC_ATTRIBUTE.test(tag)) external = true
    else if (RUNNABLE_TYPES.has(typeOf(tag)))
      hashes.add(
        createHash('sha256')
          .update(html.slice(tagEnd + 1, close))
          .digest('base64'),
      )
    at = html.indexOf('<script', close + 9)
  }
  return { hashes: [...hashes], external }
}

function typeOf(tag: string): string {
  const match = TYPE_ATTRIBUTE.exec(tag)
  return (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim().toLowerCase()
}
