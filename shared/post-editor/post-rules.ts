/**
 * What the editor checks before sending `/v1/post/create`. The contract fixes no limits; these are the
 * ones the demo API enforces too (server/demo-api/routes/routes-post.ts).
 */
export const POST_LIMITS = {
  titleMin: 2,
  titleMax: 120,
  contentMin: 10,
  contentMax: 50_000,
  tagMax: 20,
  tags: 10,
} as const

/** A post as the editor sends it. */
export interface PostDraft {
  title: string
  content: string
  category_id: string
  tags: string[]
}

export type PostProblem =
  | { field: 'title'; problem: 'required' | 'tooShort' | 'tooLong' }
  | { field: 'content'; problem: 'required' | 'tooShort' | 'tooLong' }
  | { field: 'category_id'; problem: 'required' }
  | { field: 'tags'; problem: 'tooMany' | 'tooLong' }

const length = (text: string) => [...text].length

/**
 * Tags as typed into one field: split on commas (ASCII, full-width and ideographic), trimmed,
 * empty and repeated ones dropped, in typed order.
 */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,，、]/)
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ]
}

/** The problems with a draft, at most one per field, in form order. */
export function validatePost(draft: PostDraft): PostProblem[] {
  const problems: PostProblem[] = []
  const title = draft.title.trim()
  if (title === '') problems.push({ field: 'title', problem: 'required' })
  else if (length(title) < POST_LIMITS.titleMin) problems.push({ field: 'title', problem: 'tooShort' })
  else if (length(title) > POST_LIMITS.titleMax) problems.push({ field: 'title', problem: 'tooLong' })
  if (draft.category_id.trim() === '') problems.push({ field: 'category_id', problem: 'required' })
  if (draft.tags.length > POST_LIMITS.tags) problems.push({ field: 'tags', problem: 'tooMany' })
  else if (draft.tags.some((tag) => length(tag) > POST_LIMITS.tagMax))
    problems.push({ field: 'tags', problem: 'tooLong' })
  const content = draft.content.trim()
  if (content === '') problems.push({ field: 'content', problem: 'required' })
  else if (length(content) < POST_LIMITS.contentMin) problems.push({ field: 'content', problem: 'tooShort' })
  else if (length(content) > POST_LIMITS.contentMax) problems.push({ field: 'content', problem: 'tooLong' })
  return problems
}
