import { spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { untilListening } from './loopback-ports.ts'

export interface SystemDaemon {
  /** `http://127.0.0.1:<port>` */
  url: string
  port: number
  /** What the daemon wrote to stdout and stderr so far. */
  output(): string
  /** SIGTERM, then waits for it to exit (at once if it already has). */
  stop(): Promise<void>
}

interface StartDaemonOptions {
  /** Its whole environment when given (nothing else is inherited); otherwise this process's. */
  env?: NodeJS.ProcessEnv
  /** The loopback port it listens on once it is up. */
  port: number
}

/**
 * A system daemon (haproxy, varnishd) started in the foreground, resolved once it listens on
 * `options.port`. If it exits or does not listen in time, it is killed and the error carries what it
 * wrote, which names the config line it choked on.
 */
export async function startDaemon(command: string, args: string[], options: StartDaemonOptions): Promise<SystemDaemon> {
  const child = spawn(command, args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const collect = (chunk: Buffer) => (output += chunk.toString())
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = once(child, 'exit')
  try {
    await untilListening(options.port, () => child.exitCode === null)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`${path.basename(command)} did not start: ${(error as Error).message}\n${output}`)
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    port: options.port,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return
      // A test is done with the visitors' connections: no graceful stop (haproxy's SIGUSR1) that
      // waits for them. varnishd's manager stops its cache child before it exits.
      child.kill('SIGTERM')
      await exited
    },
  }
}
