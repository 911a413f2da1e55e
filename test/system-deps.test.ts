import { describe, expect, it } from 'vitest'
import { systemDeps, systemDepsPlan } from './system-deps.mjs'

const both = ['chromium', 'redis-server']

describe('what pretest does about the Debian packages the tests run', () => {
  it.each([
    // present: nothing to do, whoever runs it and wherever
    [[], true, true, 'none'],
    [[], true, false, 'none'],
    [[], false, true, 'none'],
    [[], false, false, 'none'],
    // missing: install only as root with apt-get, else stop
    [both, true, true, 'install'],
    [both, true, false, 'stop'],
    [both, false, true, 'stop'],
    [both, false, false, 'stop'],
    [['redis-server'], true, true, 'install'],
    [['chromium'], false, true, 'stop'],
  ])('missing %j, root %s, apt-get %s: %s', (missing, isRoot, hasAptGet, action) => {
    expect(systemDepsPlan({ missing, isRoot, hasAptGet }).action).toBe(action)
  })

  it('installs exactly the missing packages after refreshing the package lists', () => {
    expect(systemDepsPlan({ missing: ['redis-server'], isRoot: true, hasAptGet: true })).toEqual({
      action: 'install',
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', 'redis-server'],
      ],
    })
  })

  it.each([
    [both, false, 'sudo apt-get update && sudo apt-get install -y chromium redis-server'],
    [['chromium'], true, 'sudo apt-get update && sudo apt-get install -y chromium\n'],
  ])('stops with the one command that installs %j (root %s)', (missing, isRoot, command) => {
    const plan = systemDepsPlan({ missing, isRoot, hasAptGet: false })
    expect(plan.action).toBe('stop')
    expect(plan.action === 'stop' && plan.message).toContain(command)
  })

  it.each([
    ['x64', '/usr/lib/x86_64-linux-gnu/varnish/vmods/libvmod_xkey.so'],
    ['arm64', '/usr/lib/aarch64-linux-gnu/varnish/vmods/libvmod_xkey.so'],
  ])(
    'on %s, checks every package the tests start by the file it provides (the xkey vmod at %s, Java for the Nu checker)',
    (arch, vmod) => {
      expect(systemDeps(arch)).toEqual([
        { path: '/usr/bin/chromium', pkg: 'chromium', executable: true },
        { path: '/usr/bin/redis-server', pkg: 'redis-server', executable: true },
        { path: '/usr/bin/redis-sentinel', pkg: 'redis-sentinel', executable: true },
        { path: '/usr/sbin/varnishd', pkg: 'varnish', executable: true },
        { path: vmod, pkg: 'varnish-modules', executable: false },
        { path: '/usr/sbin/haproxy', pkg: 'haproxy', executable: true },
        { path: '/usr/bin/caddy', pkg: 'caddy', executable: true },
        { path: '/usr/bin/wrk', pkg: 'wrk', executable: true },
        { path: '/usr/bin/openssl', pkg: 'openssl', executable: true },
        { path: '/usr/bin/java', pkg: 'default-jre-headless', executable: true },
      ])
    },
  )

  it('names every missing package, Varnish, HAProxy and Caddy included, in the one install command', () => {
    const missing = ['varnish', 'varnish-modules', 'haproxy', 'caddy']
    expect(systemDepsPlan({ missing, isRoot: true, hasAptGet: true })).toMatchObject({
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', 'varnish', 'varnish-modules', 'haproxy', 'caddy'],
      ],
    })
    const plan = systemDepsPlan({ missing, isRoot: false, hasAptGet: true })
    expect(plan.action === 'stop' && plan.message).toContain(
      'sudo apt-get install -y varnish varnish-modules haproxy caddy',
    )
  })
})
