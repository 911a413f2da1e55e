import { pino, type Logger } from 'pino'
import { createDemoApi, type DemoApi, type DemoApiOptions } from './app.ts'

/** Helpers shared by the demo API tests (not a test file itself). */

export interface CallAnswer {
  http: number
  headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: each route answers its own shape, which its test reads field by field
  body: { status: number; info: string; data: any }
}

/** A logger that keeps every line, so tests can read what the demo logged (e.g. verification codes). */
export function createCapturingLogger(): { log: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = []
  const log = pino(
    { level: 'debug' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  )
  return { log, lines }
}

export function createTestApi(options: DemoApiOptions = {}): DemoApi {
  return createDemoApi({ log: pino({ level: 'silent' }), ...options })
}

/** POSTs a JSON body to the demo API the way the front end does. */
export async function callApi(
  api: DemoApi,
  host: string,
  path: string,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<CallAnswer> {
  const request = new Request(`http://demo-api.test${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'app-domain': host,
      'APP-USERNAME': '',
      'APP-TOKEN': '',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const response = await api.fetch(request)
  return { http: response.status, headers: response.headers, body: (await response.json()) as CallAnswer['body'] }
}

/** Builds an unsigned JWT the way Google's ID tokens are laid out (header.payload.signature). */
export function fakeGoogleToken(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`
}
