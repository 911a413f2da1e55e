import { describe, expect, it } from 'vitest'
import { systemDepsPlan } from './system-deps.mjs'

const both = ['chromium', 'redis-server']

describe('what pretest does about Chromium and redis-server', () => {
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
})
