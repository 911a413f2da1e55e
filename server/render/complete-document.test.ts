import { Writable } from 'node:stream'
import { createElement, type ReactNode, Suspense, use } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { completeDocument } from './complete-document.ts'
import { renderWhole } from './render-whole.ts'

const NONCE = 'n0nce+/='

/** A value that resolves when released: a deferred upstream answer held back by the test. */
function held<T>(value: T): { promise: Promise<T>; release: () => void } {
  let release!: () => void
  const promise = new Promise<T>((resolve) => (release = () => resolve(value)))
  return { promise, release }
}

function Text({ from }: { from: Promise<string> }): ReactNode {
  return createElement('p', null, use(from))
}

/** A page with a boundary pending at shell time holding another, and a sibling boundary. */
function page(outer: Promise<string>, inner: Promise<string>, side: Promise<string>): ReactNode {
  const fallback = (name: string) => createElement('span', { className: 'loading' }, name)
  return createElement(
    'main',
    null,
    createElement('h1', null, 'Title'),
    createElement(
      Suspense,
      { fallback: fallback('outer') },
      createElement(Text, { from: outer }),
      createElement(Suspense, { fallback: fallback('inner') }, createElement(Text, { from: inner })),
    ),
    createElement(Suspense, { fallback: fallback('side') }, createElement(Text, { from: side })),
  )
}

/** Two sibling boundaries, each pending at shell time. */
function flat(first: Promise<string>, second: Promise<string>): ReactNode {
  const fallback = (name: string) => createElement('span', { className: 'loading' }, name)
  return createElement(
    'main',
    null,
    createElement('h1', null, 'Title'),
    createElement(Suspense, { fallback: fallback('first') }, createElement(Text, { from: first })),
    createElement(Suspense, { fallback: fallback('second') }, createElement(Text, { from: second })),
  )
}

/** Streams `element` from its shell on, as stream-response.ts does: the shell flush, then the rest. */
function streamed(element: ReactNode, onShell: () => void): Promise<{ shell: Buffer; late: Buffer }> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    let shellParts = 0
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        parts.push(chunk)
        callback()
      },
      final(callback) {
        resolve({ shell: Buffer.concat(parts.slice(0, shellParts)), late: Buffer.concat(parts.slice(shellParts)) })
        callback()
      },
    })
    const stream = renderToPipeableStream(element, {
      nonce: NONCE,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        stream.pipe(sink)
        shellParts = parts.length
        onShell()
      },
      onShellError: reject,
    })
  })
}

describe('completeDocument', () => {
  it('puts every boundary that streamed in its place: the bytes of a render that waited', async () => {
    const first = held('first text é')
    const second = held('second text ü')
    const element = flat(first.promise, second.promise)
    const { shell, late } = await streamed(element, () => {
      second.release()
      void second.promise.then(() => setImmediate(first.release))
    })
    expect(shell.toString()).toContain('<template id="B:')
    expect(late.toString()).toContain('$RC(')
    const whole = await renderWhole(element, { nonce: NONCE, timeoutMs: 1000 })
    const complete = completeDocument(shell, late, NONCE)
    expect(complete?.toString('utf8')).toBe(whole?.toString('utf8'))
    expect(complete?.toString('utf8')).not.toMatch(/\$RC|<template|hidden id="S:|loading/)
  })

  it('refuses a boundary whose segments completed apart ($RS): the caller renders that page whole', async () => {
    const outer = held('outer')
    const inner = held('inner')
    const element = page(outer.promise, inner.promise, Promise.resolve('side'))
    const { shell, late } = await streamed(element, () => {
      void outer.promise.then(() => setImmediate(inner.release))
      outer.release()
    })
    expect(late.toString()).toContain('$RS(')
    expect(completeDocument(shell, late, NONCE)).toBeNull()
    expect((await renderWhole(element, { nonce: NONCE, timeoutMs: 1000 }))?.toString()).not.toMatch(/<template|\$R/)
  })

  it('refuses output whose scripts lack the render nonce (text from upstream could pose as one)', async () => {
    const outer = held('a')
    const { shell, late } = await streamed(flat(outer.promise, Promise.resolve('b')), () => outer.release())
    expect(completeDocument(shell, late, NONCE)).not.toBeNull()
    expect(completeDocument(shell, late, 'another')).toBeNull()
  })

  it.each([
    ['a block it does not know', (late: string) => `${late}<script nonce="${NONCE}">$RX("B:9")</script>`],
    ['a boundary completed twice', (late: string) => late + late],
    ['a cut block', (late: string) => late.slice(0, late.length - 12)],
  ])('refuses %s', async (_name, spoil) => {
    const outer = held('a')
    const { shell, late } = await streamed(flat(outer.promise, Promise.resolve('b')), () => outer.release())
    expect(completeDocument(shell, Buffer.from(spoil(late.toString('utf8'))), NONCE)).toBeNull()
  })

  it('leaves a shell without pending boundaries as it is', () => {
    const shell = Buffer.from('<main><!--$--><p>x</p><!--/$--></main>')
    expect(completeDocument(shell, Buffer.alloc(0), NONCE)?.toString()).toBe(shell.toString())
  })
})
