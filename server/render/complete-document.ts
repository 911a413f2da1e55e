/**
 * Rebuilds the complete body of a streamed render from what React wrote: its shell, with a
 * fallback for each Suspense boundary still pending then, and after it one block per boundary that
 * completed later (its content in a hidden `<div id="S:n">`, then the inline script that swaps it
 * into `<template id="B:m">`). Each fallback is replaced by its boundary's content, in place, as a
 * render that waited for everything writes it (`<!--$-->content<!--/$-->`), and the swap scripts go:
 * the document a crawler gets, made without rendering the page a second time.
 *
 * Only the blocks known here are taken. Anything else React may write after the shell (a boundary
 * rendered on the client after an error, a segment completed apart, a stylesheet or preload
 * written late), or a boundary mark met twice, answers null: the caller then renders the page
 * complete itself. Works on latin1 text, where each byte is one character: every mark is ASCII,
 * so the bytes in between, UTF-8 included, are carried over untouched.
 */
export function completeDocument(shell: Buffer, late: Buffer, nonce: string | undefined): Buffer | null {
  // Scripts are React's only when they carry this render's nonce: text from upstream, written into
  // the page as HTML, cannot know it, so it cannot pass for a block's end.
  const script = nonce === undefined ? '<script>' : `<script nonce="${nonce}">`
  const contents = lateBoundaries(late.toString('latin1'), script)
  if (contents === null) return null
  const body = withBoundaries(withoutShellTimer(shell.toString('latin1'), script), contents)
  if (body === null || contents.size > 0 || body.includes(PENDING)) return null
  return Buffer.from(body, 'latin1')
}

/** The start of a boundary pending at shell time, followed by its id and `"></template>`. */
const PENDING = '<!--$?--><template id="B:'
const COMPLETED = '<!--$-->'
const END = '<!--/$-->'

/** The script React ends a shell with when boundaries are pending: it notes the paint time the swaps are paced from. */
const SHELL_TIMER = 'requestAnimationFrame(function(){$RT=performance.now()});</script>'

/** A completed boundary's block: the hidden segment's opening, then (matched apart) its swap script. */
const SEGMENT_START = /<div hidden id="S:(\d+)">/y

/** The body of a swap script: optionally the runtime's definitions, then the one call `$RC("B:m","S:n")`. */
const SWAP_CALL = /\$RC\("B:(\d+)","S:(\d+)"\)$/

/** A call to any of React's inline instructions ($RC, $RS, $RX, $RR…), as opposed to defining one. */
const INSTRUCTION_CALL = /\$R[A-Z]{1,2}\(/

function withoutShellTimer(shell: string, script: string): string {
  const timer = script + SHELL_TIMER
  return shell.endsWith(timer) ? shell.slice(0, -timer.length) : shell
}

/** The content of each boundary completed after the shell, by boundary id; null on anything unknown. */
function lateBoundaries(late: string, script: string): Map<string, string> | null {
  const contents = new Map<string, string>()
  let at = 0
  while (at < late.length) {
    SEGMENT_START.lastIndex = at
    const start = SEGMENT_START.exec(late)
    if (start === null) return null
    const segment = start[1] ?? ''
    const contentStart = at + start[0].length
    // The swap names the segment last, just before its script ends: the first such end after the
    // content's start is this block's, when its script is React's (see `script`).
    const callEnd = late.indexOf(`,"S:${segment}")</script>`, contentStart)
    if (callEnd === -1) return null
    const scriptStart = late.lastIndexOf(script, callEnd)
    if (scriptStart < contentStart || late.slice(scriptStart - 6, scriptStart) !== '</div>') return null
    const scriptEnd = callEnd + `,"S:${segment}")`.length
    const text = late.slice(scriptStart + script.length, scriptEnd)
    const call = SWAP_CALL.exec(text)
    if (call === null || call[2] !== segment || INSTRUCTION_CALL.test(text.slice(0, call.index))) return null
    const boundary = call[1] ?? ''
    if (contents.has(boundary)) return null
    contents.set(boundary, late.slice(contentStart, scriptStart - 6))
    at = scriptEnd + '</script>'.length
  }
  return contents
}

/**
 * `text` with every pending boundary replaced by its content (itself completed the same way), each
 * content used once. Null when a boundary has no content or its fallback does not end.
 */
function withBoundaries(text: string, contents: Map<string, string>): string | null {
  let out = ''
  let from = 0
  for (let at = text.indexOf(PENDING); at !== -1; at = text.indexOf(PENDING, from)) {
    const idEnd = text.indexOf('"></template>', at + PENDING.length)
    if (idEnd === -1) return null
    const content = contents.get(text.slice(at + PENDING.length, idEnd))
    if (content === undefined) return null
    contents.delete(text.slice(at + PENDING.length, idEnd))
    const fallbackEnd = boundaryEnd(text, idEnd + '"></template>'.length)
    if (fallbackEnd === -1) return null
    const inner = withBoundaries(content, contents)
    if (inner === null) return null
    out += text.slice(from, at) + COMPLETED + inner + END
    from = fallbackEnd + END.length
  }
  return out + text.slice(from)
}

/** Boundary and activity marks React writes as comments: `<!--$-->`, `<!--$?-->`, `<!--/$-->`, `<!--&-->`… */
const MARK = /<!--(\/?)[$&][?!~]?-->/g

/** Where the boundary whose fallback starts at `from` ends (its `<!--/$-->`), nested boundaries skipped; -1 if never. */
function boundaryEnd(text: string, from: number): number {
  MARK.lastIndex = from
  let depth = 0
  for (let mark = MARK.exec(text); mark !== null; mark = MARK.exec(text)) {
    if (mark[1] === '') depth += 1
    else if (depth === 0) return mark[0] === END ? mark.index : -1
    else depth -= 1
  }
  return -1
}
