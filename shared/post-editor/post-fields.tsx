import type { RefObject } from 'react'
import type { PostCategory } from '../content-types.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import type { FieldProblems } from './field-problems.tsx'
import type { StoredDraft } from './post-draft.ts'
import { POST_LIMITS } from './post-rules.ts'
import type { ChangeDraft } from './use-post-draft.ts'

/** What the article's fields show and where they report; `id` starts the form's ids. */
export interface PostFieldsProps {
  id: string
  draft: StoredDraft
  change: ChangeDraft
  categories: PostCategory[]
  problems: FieldProblems
  /** The title field, which has the focus when the editor opens. */
  titleInput: RefObject<HTMLInputElement | null>
}

/** The article's title, category and tags, each with its problem under it. */
export function PostFields({ id, draft, change, categories, problems, titleInput }: PostFieldsProps) {
  const { t } = useI18n()
  return (
    <>
      <div className="site-form__field">
        <label className="site-form__label" htmlFor={`${id}-title`}>
          {t('postTitle')}
        </label>
        <input
          ref={titleInput}
          id={`${id}-title`}
          value={draft.title}
          onChange={(event) => change('title', event.target.value)}
          maxLength={POST_LIMITS.titleMax}
          dir="auto"
          {...problems.invalid('title')}
        />
        {problems.error('title')}
      </div>
      <div className="post-editor__row">
        <div className="site-form__field">
          <label className="site-form__label" htmlFor={`${id}-category`}>
            {t('category')}
          </label>
          <select
            id={`${id}-category`}
            value={draft.category}
            onChange={(event) => change('category', event.target.value)}
            {...problems.invalid('category_id')}
          >
            <option value="">—</option>
            {categories.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
          {problems.error('category_id')}
        </div>
        <div className="site-form__field">
          <label className="site-form__label" htmlFor={`${id}-tags`}>
            {t('postTags')}
          </label>
          <input
            id={`${id}-tags`}
            value={draft.tags}
            onChange={(event) => change('tags', event.target.value)}
            dir="auto"
            {...problems.invalid('tags')}
          />
          {problems.error('tags')}
        </div>
      </div>
    </>
  )
}
