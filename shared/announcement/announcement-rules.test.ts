import { describe, expect, it } from 'vitest'
import {
  ANNOUNCEMENT_DISMISSED_KEY,
  announcementFingerprint,
  announcementHeadScript,
  announcementLine,
} from './announcement-rules.ts'

describe('announcementFingerprint', () => {
  it('is stable per content and differs between contents', () => {
    expect(announcementFingerprint('Maintenance on Sunday')).toBe(announcementFingerprint('Maintenance on Sunday'))
    expect(announcementFingerprint('Maintenance on Sunday')).not.toBe(announcementFingerprint('Maintenance on Monday'))
    expect(announcementFingerprint('🎉 新增')).toMatch(/^[0-9a-z]+$/)
  })
})

describe('announcementLine', () => {
  it.each([
    ['Plain text', 'Plain text'],
    ['**Spring sale**: see [the offer](/l/sale)\n\nMore below', 'Spring sale: see the offer More below'],
    ['# Title <b>bold</b>', 'Title bold'],
  ])('%j → %j', (content, expected) => {
    expect(announcementLine(content)).toBe(expected)
  })
})

describe('announcementHeadScript', () => {
  const run = (stored: string | null, content: string, throws = false) => {
    const classes: string[] = []
    const localStorage = {
      getItem: (key: string) => {
        if (throws) throw new Error('denied')
        return key === ANNOUNCEMENT_DISMISSED_KEY ? stored : null
      },
    }
    const document = { documentElement: { classList: { add: (name: string) => classes.push(name) } } }
    new Function('localStorage', 'document', announcementHeadScript(content))(localStorage, document)
    return classes
  }

  it('hides the bar only for the dismissed content', () => {
    expect(run(announcementFingerprint('a "quoted" </script> text'), 'a "quoted" </script> text')).toEqual([
      'announcement-dismissed',
    ])
    expect(run(announcementFingerprint('old'), 'new')).toEqual([])
    expect(run(null, 'new')).toEqual([])
    expect(run(null, 'new', true)).toEqual([])
  })
})
