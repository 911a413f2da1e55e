// The environment `npm run serve` gives the server (allocator and V8 options, NODE_ENV): the bench,
// the soak and the profiler start the app with it, so they measure what production runs, while
// their own processes (load generators, references) keep Node's defaults.
import { readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

export function serverRuntimeEnv() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  const env = {}
  for (const m of scripts.serve.matchAll(/\b([A-Z_]+)=(?:'([^']*)'|"([^"]*)"|(\S+))/g)) env[m[1]] = m[2] ?? m[3] ?? m[4]
  return env
}
