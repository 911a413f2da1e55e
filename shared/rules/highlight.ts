/** At most this many words of a search term are marked; longer terms are cut (a regex stays small). */
const MAX_WORDS = 8
const MAX_WORD_LENGTH = 64

/** A piece of text, and whether it matches the search term. */
export interface TextPart {
  text: string
  match: boolean
}

/**
 * Splits `text` into the parts that match a word of the search `term` and the rest, so a page can
 * mark the matches. Matching ignores case (Unicode-aware); every character of the term is taken
 * literally (regex metacharacters included), and longer words win over their prefixes.
 */
export function splitByTerm(text: string, term: string): TextPart[] {
  const words = [
    ...new Set(
      term
        .trim()
        .split(/\s+/u)
        .filter((word) => word !== '')
        .slice(0, MAX_WORDS)
        .map((word) => word.slice(0, MAX_WORD_LENGTH)),
    ),
  ]
  if (words.length === 0 || text === '') return [{ text, match: false }]
  const pattern = new RegExp(
    words
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'giu',
  )
  const parts: TextPart[] = []
  let last = 0
  for (const found of text.matchAll(pattern)) {
    const start = found.index ?? 0
    if (start > last) parts.push({ text: text.slice(last, start), match: false })
    parts.push({ text: found[0], match: true })
    last = start + found[0].length
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last), match: false })
  return parts
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
}
