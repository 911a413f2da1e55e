import { inlineScripts } from '../http/inline-scripts.ts'

/**
 * How a document's scripts are allowed, chosen before its first byte (docs/security.md "Pages a CDN
 * may keep"):
 * - `hashed`: the document's own inline scripts (its head, its tail, the site's code) by their
 *   hashes, so the answer carries no secret and a shared cache may hand it to every visitor; an
 *   answer in which React writes scripts of its own (boundaries streamed in after the shell) names
 *   the response's nonce as well, which those carry.
 * - `nonce`: the site's code loads a script by its address (`<script src>`), which no hash can
 *   allow: every script carries the nonce, and the answer is its visitor's alone.
 */
export type DocumentScripts = { kind: 'hashed'; hashes: readonly string[] } | { kind: 'nonce' }

/** The scripts of the HTML a document writes around React's output (written without a nonce). */
export function documentScripts(html: string): DocumentScripts {
  const { hashes, external } = inlineScripts(html)
  if (external) return { kind: 'nonce' }
  return { kind: 'hashed', hashes }
}
