import http from 'node:http'
import type { TestSiteOptions } from './harness.ts'

/** A latch tests hold a stub's answer behind, instead of a timed delay. */
export interface Gate {
  /** Resolves once the gate is opened. */
  passed(): Promise<void>
  open(): void
  readonly isOpen: boolean
}

export function createGate(): Gate {
  let release!: () => void
  const opened = new Promise<void>((resolve) => (release = resolve))
  let isOpen = false
  return {
    passed: () => opened,
    open() {
      isOpen = true
      release()
    },
    get isOpen() {
      return isOpen
    },
  }
}

/** A stub upstream that holds every call to `pathname` (the resource aside, say) until `gate` opens. */
export function holdingPath(pathname: string, gate: Gate): NonNullable<TestSiteOptions['upstream']> {
  return async (request, demo) => {
    if (new URL(request.url).pathname === pathname) await gate.passed()
    return demo(request)
  }
}

export interface StreamedBody {
  status: number
  /** Everything received before `openWhen` first held (the whole body if it never did). */
  beforeOpen: string
  body: string
}

/**
 * GETs `url` over a real socket. As soon as the text received so far satisfies `openWhen`, the
 * gate opens: what arrived before it proves the server streamed that much without the gated data.
 */
export function streamThroughGate(
  url: string,
  headers: Record<string, string>,
  gate: Gate,
  openWhen: (received: string) => boolean,
): Promise<StreamedBody> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let body = ''
        let beforeOpen: string | null = null
        response.setEncoding('utf8')
        response.on('data', (text: string) => {
          body += text
          if (beforeOpen === null && openWhen(body)) {
            beforeOpen = body
            gate.open()
          }
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, beforeOpen: beforeOpen ?? body, body }))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}
