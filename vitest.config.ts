import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Three groups, run side by side on a worker per core (two at least). Isolation (a fresh process
// per file) costs a spawn and a re-import of React, Hono and the app per file, so only the groups
// that need it keep it (docs/decisions/0020-three-test-groups.md):
// - browser (`*.browser.test.ts`): Chromium against a listening test site; each file owns its
//   browser and site.
// - process (`*.process.test.ts`): files that start processes of their own (redis-server, varnishd,
//   haproxy, caddy, the built server, Docker's runtime stage, Node with other flags), directly or
//   through a test helper, and those that install the process-wide tracing runtime
//   (server/telemetry/). test/process-group.test.ts derives the list from each file's imports and
//   fails on a file named otherwise.
// - unit: everything else. It shares workers between files (`isolate: false`): these files build
//   what they use through factories, restore what they spy on and leave no module state behind
//   that another file reads.
const BROWSER = ['**/*.browser.test.{ts,tsx}']
const PROCESS = ['**/*.process.test.{ts,tsx}']
const ALL = [
  'server/**/*.test.{ts,tsx}',
  'shared/**/*.test.{ts,tsx}',
  'client/**/*.test.{ts,tsx}',
  'build/**/*.test.{ts,tsx}',
  'test/**/*.test.{ts,tsx}',
]

export default defineConfig({
  test: {
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // An expect.poll passes as soon as its condition holds; 1 s (vitest's default) was too short
    // for a client navigation in Chromium while the other group loads both cores.
    expect: { poll: { timeout: 5000 } },
    pool: 'forks',
    // Most of a run waits on sockets, browsers and child processes rather than the CPU, so even a
    // one-core machine runs two files at once (vitest's default leaves one core idle).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { extends: true, test: { name: 'unit', include: ALL, exclude: [...BROWSER, ...PROCESS], isolate: false } },
      { extends: true, test: { name: 'browser', include: BROWSER } },
      { extends: true, test: { name: 'process', include: PROCESS } },
    ],
  },
})
