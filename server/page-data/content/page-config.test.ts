import { z } from 'zod'
import { describe, expect, it, vi } from 'vitest'
import { createObjectMemo } from '../../cache/object-memo.ts'
import { PageConfigError, parsePageConfig } from './page-config.ts'

const schema = z.object({ title: z.string().default('untitled') })

describe('parsePageConfig', () => {
  it('parses a config object once per memo and answers the same value after', () => {
    const spy = vi.spyOn(schema, 'safeParse')
    const memo = createObjectMemo()
    const config = { title: 'Tools' }
    const first = parsePageConfig(schema, config, 'nav', memo)
    expect(first).toEqual({ title: 'Tools' })
    expect(parsePageConfig(schema, config, 'nav', memo)).toBe(first)
    expect(spy).toHaveBeenCalledTimes(1)
    // Another object (a refreshed page) is parsed again.
    expect(parsePageConfig(schema, { title: 'Docs' }, 'nav', memo)).toEqual({ title: 'Docs' })
    expect(spy).toHaveBeenCalledTimes(2)
    spy.mockRestore()
  })

  it('keeps nothing between memos (two app instances) or without one', () => {
    const spy = vi.spyOn(schema, 'safeParse')
    const config = { title: 'Tools' }
    const first = parsePageConfig(schema, config, 'nav', createObjectMemo())
    expect(parsePageConfig(schema, config, 'nav', createObjectMemo())).not.toBe(first)
    expect(parsePageConfig(schema, config, 'nav')).not.toBe(first)
    expect(parsePageConfig(schema, config, 'nav')).toEqual(first)
    expect(spy).toHaveBeenCalledTimes(4)
    spy.mockRestore()
  })

  it('parses the same object again for another schema', () => {
    const other = z.object({ title: z.string().transform((t) => t.toUpperCase()) })
    const memo = createObjectMemo()
    const config = { title: 'x' }
    expect(parsePageConfig(schema, config, 'nav', memo)).toEqual({ title: 'x' })
    expect(parsePageConfig(other, config, 'nav', memo)).toEqual({ title: 'X' })
  })

  it('throws for a broken config every time', () => {
    const memo = createObjectMemo()
    const broken = { title: 42 }
    expect(() => parsePageConfig(schema, broken, 'land', memo)).toThrow(PageConfigError)
    expect(() => parsePageConfig(schema, broken, 'land', memo)).toThrow(PageConfigError)
  })
})
