import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../shared/types.ts'
import { createFirstSiteAnswers } from './first-site-answers.ts'

describe('createFirstSiteAnswers', () => {
  const site = { site_id: 's1' } as SiteConfig
  const raw = { site_config: {} }

  it('hands a kept answer over once', () => {
    const answers = createFirstSiteAnswers()
    answers.hold(site, raw, 'f1')
    expect(answers.take(site)).toEqual({ raw, fingerprint: 'f1' })
    expect(answers.take(site)).toBeUndefined()
  })

  it('keeps nothing without a fingerprint, and has nothing for another config or none', () => {
    const answers = createFirstSiteAnswers()
    answers.hold(site, raw, undefined)
    expect(answers.take(site)).toBeUndefined()
    answers.hold(site, raw, 'f1')
    expect(answers.take({ site_id: 's2' } as SiteConfig)).toBeUndefined()
    expect(answers.take(undefined)).toBeUndefined()
    expect(answers.take(site)).toEqual({ raw, fingerprint: 'f1' })
  })

  it('knows the answers a language shares with its language-independent config, and no other', () => {
    const answers = createFirstSiteAnswers()
    answers.hold(site, raw, 'f1')
    const answer = answers.take(site)!
    expect(answers.isShared(raw)).toBe(false)
    expect(answers.share(answer)).toBe(raw)
    expect(answers.isShared(raw)).toBe(true)
    expect(answers.isShared({ site_config: {} })).toBe(false)
    expect(answers.isShared(null)).toBe(false)
    expect(answers.isShared('text')).toBe(false)
  })
})
