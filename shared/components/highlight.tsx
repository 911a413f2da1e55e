import { splitByTerm } from '../rules/highlight.ts'

/**
 * `text` with each match of the search `term` in a `<mark>`. The parts are plain strings that React
 * escapes, so markup in either the text or the term stays text.
 */
export function Highlight({ text, term }: { text: string; term: string | undefined }) {
  if (!term) return <>{text}</>
  return (
    <>{splitByTerm(text, term).map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : part.text))}</>
  )
}
