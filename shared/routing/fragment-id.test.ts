import { describe, expect, it } from 'vitest'
import { findFragmentTarget } from './fragment-id.ts'

/** A document holding elements with these ids, each found as itself. */
function documentWith(...ids: string[]): Pick<Document, 'getElementById'> {
  return { getElementById: (id) => (ids.includes(id) ? ({ id } as HTMLElement) : null) }
}

describe('findFragmentTarget', () => {
  it.each([
    ['an exact id', ['intro'], 'intro', 'intro'],
    ['the id form of a name with blanks', ['AI-對話'], 'AI 對話', 'AI-對話'],
    ['a written anchor by the name its writer gave it', ['user-content-notes'], 'notes', 'user-content-notes'],
    ['a written anchor with blanks', ['user-content-my-notes'], 'my notes', 'user-content-my-notes'],
    ['the page’s own id before a written one', ['notes', 'user-content-notes'], 'notes', 'notes'],
    ['nothing', ['user-content-notes'], 'other', undefined],
  ])('%s', (_what, ids, fragment, found) => {
    expect(findFragmentTarget(documentWith(...ids), fragment)?.id).toBe(found)
  })
})
