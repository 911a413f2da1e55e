import { z } from 'zod'
import { describe, expect, it, vi } from 'vitest'
import { PageConfigError, parsePageConfig } from './page-config.ts'

const schema = z.object({ title: z.string().default('untitled') })

describe('parsePageConfig', () => {
  it('parses a config object once and answers the same value after', () => {
    const spy = vi.spyOn(schema, 'safeParse')
    const config = { title: 'Tools' }
    const first = parsePageConfig(schema, config, 'nav')
    expect(first).toEqual({ title: 'Tools' })
    expect(parsePageConfig(schema, config, 'nav')).toBe(first)
    expect(spy).toHaveBeenCalledTimes(1)
    // Another object (a refreshed page) is parsed again.
    expect(parsePageConfig(schema, { title: 'Docs' }, 'nav')).toEqual({ title: 'Docs' })
    expect(spy).toHaveBeenCalledTimes(2)
    spy.mockRestore()
  })

  it('parses the same object again for another schema', () => {
    const other = z.object({ title: z.string().transform((t) => t.toUpperCase()) })
    const config = { title: 'x' }
    expect(parsePageConfig(schema, config, 'nav')).toEqual({ title: 'x' })
    expect(parsePageConfig(other, config, 'nav')).toEqual({ title: 'X' })
  })

  it('throws for a broken config every time', () => {
    const broken = { title: 42 }
    expect(() => parsePageConfig(schema, broken, 'land')).toThrow(PageConfigError)
    expect(() => parsePageConfig(schema, broken, 'land')).toThrow(PageConfigError)
  })
})
