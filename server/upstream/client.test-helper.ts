import { Agent } from 'undici'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { createUpstreamClient, type UpstreamCallContext, type UpstreamClient } from './client.ts'
import { createStubUpstream, type StubUpstream } from './stub-upstream.test-helper.ts'

export const context: UpstreamCallContext = {
  userAgent: 'TestBrowser/1.0',
  referer: 'https://tenant.example/c/legal/privacy',
  appDomain: 'tenant.example',
}

interface ClientOptions {
  timeoutMs?: number
  maxBodyBytes?: number
  connections?: number
  baseUrl?: string
}

/** What the tests of a file share; `stub` is set by its hooks. */
export interface ClientHarness {
  stub: StubUpstream
  /** A client on the stub upstream (or `baseUrl`), with a connection pool closed after the test. */
  client(options?: ClientOptions): UpstreamClient
}

/** A stub upstream for the file, and the pool of each test's client closed after it. Call it at the top of a test file. */
export function useClientHarness(): ClientHarness {
  let agent: Agent | undefined
  const harness = {
    client(options: ClientOptions = {}) {
      const dispatcher = new Agent({ connections: options.connections ?? 4 })
      agent = dispatcher
      return createUpstreamClient({
        baseUrl: options.baseUrl ?? harness.stub.url,
        dispatcher,
        timeoutMs: options.timeoutMs ?? 2000,
        ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
      })
    },
  } as ClientHarness
  beforeAll(async () => {
    harness.stub = await createStubUpstream()
  })
  afterAll(async () => {
    await harness.stub.close()
  })
  afterEach(async () => {
    harness.stub.requests.length = 0
    await agent?.close()
    agent = undefined
  })
  return harness
}

/** The error `promise` fails with; a call that succeeds fails the test. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}
