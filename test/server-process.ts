import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import pino from 'pino'
import { afterAll, beforeAll } from 'vitest'
import { createDemoApi } from '../server/demo-api/app.ts'
import { distDir } from './harness.ts'

const root = path.resolve(import.meta.dirname, '..')

/**
 * Bundles the server (as `npm run build` does) into a temporary folder next to this run's browser
 * bundle, for tests that start the real `node dist/server/index.js` in a child process.
 */
export function buildServerBundle(): { dir: string; entry: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tenant-sites-server-'))
  execFileSync(process.execPath, [path.join(root, 'build.mjs'), '--only=server', `--out=${dir}`], {
    cwd: root,
    stdio: 'pipe',
  })
  symlinkSync(path.join(distDir(), 'client'), path.join(dir, 'client'))
  // The server bundle keeps its dependencies external, as in the image.
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'))
  return {
    dir,
    entry: path.join(dir, 'server', 'index.js'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

export interface ServerProcess {
  child: ChildProcess
  port: number
  /** Parsed JSON log lines so far. */
  lines: Record<string, unknown>[]
  stderr: () => string
  exited: Promise<number | null>
}

/** Starts `node <entry>` with the given environment and resolves once it logs "listening". */
export function startServerProcess(
  entry: string,
  env: Record<string, string>,
  options: { cwd?: string; command?: string[] } = {},
): Promise<ServerProcess> {
  const command = options.command ?? [process.execPath, entry]
  const child = spawn(command[0]!, command.slice(1), {
    cwd: options.cwd ?? root,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: Record<string, unknown>[] = []
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let parsed: Record<string, unknown>
      try {
        parsed = JSON.parse(line) as Record<string, unknown>
      } catch {
        return
      }
      lines.push(parsed)
      if (parsed.msg === 'listening') resolve({ child, port: Number(parsed.port), lines, stderr: () => stderr, exited })
    })
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${stderr}`)))
  })
}

/** The demo API's answer to `request`; an upstream stand-in may forward to it, before or after its own work. */
type DemoAnswer = (request: Request) => Promise<Response>

/** An upstream on 127.0.0.1 that a server process is pointed at. */
export interface DemoUpstream {
  url: string
  close: () => void
}

/**
 * The demo API alone on 127.0.0.1, as the upstream of a server process; `answer` may stand in front
 * of it (hold a call back, edit what it answers), forwarding through `demo`.
 */
export async function startDemoUpstream(
  answer: (request: Request, demo: DemoAnswer) => Promise<Response> = (request, demo) => demo(request),
): Promise<DemoUpstream> {
  const demo = createDemoApi({ log: pino({ level: 'silent' }) })
  const forward: DemoAnswer = async (request) => demo.fetch(request)
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => answer(request, forward) }, () =>
      resolve(started),
    )
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      if ('closeAllConnections' in server) server.closeAllConnections()
      server.close()
    },
  }
}

interface ServerProcesses<Upstream extends DemoUpstream> {
  /** The upstream the processes are pointed at (started once for the `describe`). */
  readonly upstream: Upstream
  /** {@link startServerProcess} of the bundle with `env`; killed after the tests if still running. */
  start(env: Record<string, string>): Promise<ServerProcess>
}

/**
 * The built server bundle and an upstream, made before the tests of the enclosing `describe` and
 * removed after them, and the server processes its tests start, killed then. Call it in the
 * `describe` body.
 */
export function useServerProcesses<Upstream extends DemoUpstream>(
  startUpstream: () => Promise<Upstream>,
): ServerProcesses<Upstream> {
  let bundle: ReturnType<typeof buildServerBundle> | undefined
  let upstream: Upstream | undefined
  const processes: ServerProcess[] = []
  beforeAll(async () => {
    bundle = buildServerBundle()
    upstream = await startUpstream()
  })
  afterAll(() => {
    for (const running of processes) running.child.kill('SIGKILL')
    upstream?.close()
    bundle?.remove()
  })
  const notStarted = () => new Error('nothing is built yet: call useServerProcesses() in a describe body')
  return {
    get upstream() {
      if (upstream === undefined) throw notStarted()
      return upstream
    },
    async start(env) {
      if (bundle === undefined) throw notStarted()
      const started = await startServerProcess(bundle.entry, env)
      processes.push(started)
      return started
    },
  }
}
