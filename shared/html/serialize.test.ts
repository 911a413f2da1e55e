import { describe, expect, it } from 'vitest'
import { escapeHtml, serializeForScript } from './serialize.ts'

describe('serializeForScript', () => {
  it.each([
    ['</script><script>alert(1)</script>'],
    ['<!-- <script>'],
    ['line\u2028separator\u2029paragraph'],
    ['a & b > c'],
  ])('keeps %j inert and parseable', (text) => {
    const out = serializeForScript({ text })
    expect(out).not.toMatch(/[<>\u2028\u2029]/)
    expect(JSON.parse(out)).toEqual({ text })
    // It must also be a valid JavaScript expression.
    expect(new Function(`return ${out}`)()).toEqual({ text })
  })
})

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })
})
