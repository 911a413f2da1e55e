import { describe, expect, it } from 'vitest'
import { parseDraft } from './post-draft.ts'
import { parseTags, validatePost, type PostDraft, type PostProblem } from './post-rules.ts'

const DRAFT: PostDraft = { title: 'My notes', content: 'Some **markdown** text.', category_id: 'guide', tags: ['a'] }

describe('validatePost', () => {
  it.each<[string, Partial<PostDraft>, PostProblem[]]>([
    ['a good draft', {}, []],
    ['no title', { title: '  ' }, [{ field: 'title', problem: 'required' }]],
    ['a one-letter title', { title: 'A' }, [{ field: 'title', problem: 'tooShort' }]],
    ['a title of 120 characters', { title: 'x'.repeat(120) }, []],
    ['a title of 121 characters', { title: 'x'.repeat(121) }, [{ field: 'title', problem: 'tooLong' }]],
    ['no category', { category_id: '' }, [{ field: 'category_id', problem: 'required' }]],
    ['eleven tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, [{ field: 'tags', problem: 'tooMany' }]],
    ['a tag of 21 characters', { tags: ['x'.repeat(21)] }, [{ field: 'tags', problem: 'tooLong' }]],
    ['no content', { content: '' }, [{ field: 'content', problem: 'required' }]],
    ['too little content', { content: 'short' }, [{ field: 'content', problem: 'tooShort' }]],
    ['too much content', { content: 'x'.repeat(50_001) }, [{ field: 'content', problem: 'tooLong' }]],
    [
      'everything wrong, in form order',
      { title: '', category_id: '', content: '' },
      [
        { field: 'title', problem: 'required' },
        { field: 'category_id', problem: 'required' },
        { field: 'content', problem: 'required' },
      ],
    ],
  ])('%s', (_name, change, expected) => {
    expect(validatePost({ ...DRAFT, ...change })).toEqual(expected)
  })
})

describe('parseTags', () => {
  it.each([
    ['', []],
    ['a, b ,c', ['a', 'b', 'c']],
    ['工具，笔记、工具', ['工具', '笔记']],
    [' , ,a,', ['a']],
  ])('%j → %j', (text, expected) => {
    expect(parseTags(text)).toEqual(expected)
  })
})

describe('parseDraft', () => {
  it.each([
    [null, null],
    ['not json', null],
    ['{"title":"a"}', null],
    [
      '{"title":"T","content":"C","category":"g","tags":"a,b"}',
      { title: 'T', content: 'C', category: 'g', tags: 'a,b' },
    ],
  ])('%j → %j', (raw, expected) => {
    expect(parseDraft(raw)).toEqual(expected)
  })
})
