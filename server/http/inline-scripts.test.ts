import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScripts } from './inline-scripts.ts'

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64')

describe('inline scripts of HTML the server writes', () => {
  it('hashes the exact text of each runnable inline script, once, in document order', () => {
    const html =
      '<head><script>var a=1</script><script type="module">import "x"</script>' +
      '<script type="text/javascript" data-h="k">b()</script><script>var a=1</script></head>'
    expect(inlineScripts(html)).toEqual({
      hashes: [sha256('var a=1'), sha256('import "x"'), sha256('b()')],
      external: false,
    })
  })

  it('leaves out data blocks, which no browser runs', () => {
    const html =
      '<script type="application/ld+json">{"@type":"Thing"}</script>' +
      '<script id="__hydration" type="application/json">{}</script><script>run()</script>'
    expect(inlineScripts(html).hashes).toEqual([sha256('run()')])
  })

  it('tells a script loaded by its address apart: only a nonce can allow it', () => {
    expect(inlineScripts('<script async src="https://t.example/a.js"></script>').external).toBe(true)
    expect(inlineScripts('<script data-src="x">go()</script>')).toEqual({ hashes: [sha256('go()')], external: false })
  })

  it('reads no script in a noscript element or a data attribute that only looks like one', () => {
    expect(inlineScripts('<noscript><img src="p.gif"></noscript><p data-type="module">text</p>')).toEqual({
      hashes: [],
      external: false,
    })
  })

  it('hashes text with characters beyond ASCII as its UTF-8 bytes, as browsers do', () => {
    expect(inlineScripts('<script>var s="拾源"</script>').hashes).toEqual([sha256('var s="拾源"')])
  })
})
