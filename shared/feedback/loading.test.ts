import { describe, expect, it } from 'vitest'
import { isGlobalLoading, startLoading, withLoading } from './loading.ts'

describe('global loading flag', () => {
  it('stays up until every share is taken away, and a share counts once', () => {
    expect(isGlobalLoading()).toBe(false)
    const first = startLoading()
    const second = startLoading()
    expect(isGlobalLoading()).toBe(true)
    first()
    first()
    expect(isGlobalLoading()).toBe(true)
    second()
    expect(isGlobalLoading()).toBe(false)
  })

  it('withLoading shows it during the task and hides it when the task fails', async () => {
    let release: (value: string) => void = () => {}
    const task = withLoading(
      () =>
        new Promise<string>((resolve) => {
          release = resolve
        }),
    )
    expect(isGlobalLoading()).toBe(true)
    release('done')
    await expect(task).resolves.toBe('done')
    expect(isGlobalLoading()).toBe(false)
    await expect(withLoading(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(isGlobalLoading()).toBe(false)
  })
})
