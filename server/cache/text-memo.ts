import { LRUCache } from 'lru-cache'

export interface TextMemoOptions {
  /** Bound of the whole memo, in characters of inputs plus outputs. */
  maxChars: number
  /** Inputs longer than this are transformed every time (one huge text must not evict the rest). */
  maxInputChars: number
}

/**
 * A pure text transformation remembered per input (e.g. markdown → sanitised HTML): the same
 * upstream text arrives on every request for a page, and transforming it again costs more than the
 * rest of that page's data. Bounded in characters, least recently used out first.
 */
export function memoizeText(transform: (text: string) => string, options: TextMemoOptions): (text: string) => string {
  const memo = new LRUCache<string, string>({
    maxSize: options.maxChars,
    sizeCalculation: (output, input) => Math.max(1, output.length + input.length),
  })
  return (text) => {
    if (text.length > options.maxInputChars) return transform(text)
    let output = memo.get(text)
    if (output === undefined) {
      output = transform(text)
      memo.set(text, output)
    }
    return output
  }
}
