// The runtime `npm run serve` gives the server (allocator and V8 options, NODE_ENV, the node flags
// NODE_OPTIONS cannot carry): the bench, the soak and the profiler start the app with it, so they
// measure what production runs, while their own processes (load generators, references) keep
// Node's defaults.
import { readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

function serveScript() {
  return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.serve
}

/** The `NAME=value` pairs before `node`. */
export function serverRuntimeEnv() {
  const env = {}
  for (const m of serveScript().matchAll(/\b([A-Z_]+)=(?:'([^']*)'|"([^"]*)"|(\S+))/g)) env[m[1]] = m[2] ?? m[3] ?? m[4]
  return env
}

/** The flags between `node` and the server's entry file. */
export function serverNodeFlags() {
  const match = /\bnode((?:\s+--\S+)*)\s+dist\/server\/index\.js/.exec(serveScript())
  if (!match) throw new Error('the serve script does not start dist/server/index.js with node')
  return match[1].trim().split(/\s+/).filter(Boolean)
}
