/** Short plain-text summaries of rich content, for meta descriptions (cut to 160 characters later). */

const MAX = 300

/** Text of sanitised HTML: tags dropped, the common entities decoded, whitespace collapsed. */
export function htmlExcerpt(html: string): string {
  const text = html
    // Headings name the page rather than describe it.
    .replace(/<h[1-6][^>]*>[\s\S]*?<\/h[1-6]>/gi, ' ')
    .replace(/<(pre|table)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
  return cut(text.replace(/\s+/g, ' ').trim())
}

/** The first paragraph of markdown as plain text. */
export function markdownExcerpt(markdown: string): string {
  const paragraph = markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => block !== '' && !/^(#|```|[-*>|]|\d+\.)/.test(block))
  return cut(
    (paragraph ?? '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[*_`#>]/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  )
}

function cut(text: string): string {
  const chars = Array.from(text)
  return chars.length > MAX ? chars.slice(0, MAX).join('') : text
}
