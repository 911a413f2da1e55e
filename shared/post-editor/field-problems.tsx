import type { ReactNode } from 'react'
import type { Translate } from '../i18n/translator.ts'
import { POST_LIMITS, type PostProblem } from './post-rules.ts'

type Field = PostProblem['field']

/** How the form shows a field's problem: a message under the field, which the field's aria attributes name. */
export interface FieldProblems {
  error(field: Field): ReactNode
  invalid(field: Field): { 'aria-invalid'?: boolean; 'aria-describedby'?: string }
}

/** The messages and aria attributes of the problems found, for the form whose ids start with `id`. */
export function fieldProblems(problems: readonly PostProblem[], id: string, t: Translate): FieldProblems {
  const textOf = (field: Field) => {
    const problem = problems.find((candidate) => candidate.field === field)
    return problem ? problemText(problem, t) : null
  }
  return {
    error(field) {
      const text = textOf(field)
      return text ? (
        <p className="site-form__error" id={`${id}-${field}-error`}>
          {text}
        </p>
      ) : null
    },
    invalid: (field) => (textOf(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {}),
  }
}

function problemText(problem: PostProblem, t: Translate): string {
  const label =
    problem.field === 'title'
      ? t('postTitle')
      : problem.field === 'content'
        ? t('postContent')
        : problem.field === 'category_id'
          ? t('category')
          : t('postTags')
  switch (problem.problem) {
    case 'required':
      return t('fieldRequired', { label })
    case 'tooShort':
      return t('fieldTooShort', {
        label,
        min: problem.field === 'title' ? POST_LIMITS.titleMin : POST_LIMITS.contentMin,
      })
    case 'tooLong':
      if (problem.field === 'tags') return t('tooManyTags', { max: POST_LIMITS.tags, length: POST_LIMITS.tagMax })
      return t('fieldTooLong', {
        label,
        max: problem.field === 'title' ? POST_LIMITS.titleMax : POST_LIMITS.contentMax,
      })
    case 'tooMany':
      return t('tooManyTags', { max: POST_LIMITS.tags, length: POST_LIMITS.tagMax })
  }
}
