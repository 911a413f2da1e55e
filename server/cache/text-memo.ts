import { LRUCache } from 'lru-cache'

export interface TextMemoOptions {
  /** Bound of the whole memo, in bytes of inputs plus outputs as the heap holds them (see `heapBytes`). */
  maxBytes: number
  /** Inputs longer than this are transformed every time (one huge text must not evict the rest). */
  maxInputChars: number
}

/**
 * A pure text transformation remembered per input (e.g. markdown → sanitised HTML): the same
 * upstream text arrives on every request for a page, and transforming it again costs more than the
 * rest of that page's data. Bounded in bytes, least recently used out first.
 */
export function memoizeText(transform: (text: string) => string, options: TextMemoOptions): (text: string) => string {
  const memo = new LRUCache<string, string>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (output, input) => Math.max(1, heapBytes(output) + heapBytes(input)),
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

/** Anything beyond Latin-1 makes V8 store the whole string with two bytes per character. */
const TWO_BYTE = /[^\u0000-\u00ff]/

/** What a string costs in the heap: one byte per character, or two for any text beyond Latin-1 (Chinese, emoji). */
function heapBytes(text: string): number {
  return TWO_BYTE.test(text) ? text.length * 2 : text.length
}
