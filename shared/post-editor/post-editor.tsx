import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { PostCategory } from '../content-types.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { fieldProblems } from './field-problems.tsx'
import { PostContentTabs, type ContentTab } from './post-content-tabs.tsx'
import type { StoredDraft } from './post-draft.ts'
import { PostFields } from './post-fields.tsx'
import { useMarkdownEditor } from './use-markdown-editor.ts'
import { usePostDraft } from './use-post-draft.ts'
import { usePostPublish } from './use-post-publish.ts'

export interface PostEditorProps {
  categories: PostCategory[]
  /** Preselected category (the one being browsed), or '' . */
  categoryId: string
  /** What the visitor had typed before being asked to sign in again (kept across the reload). */
  draft: StoredDraft | null
  onCancel: () => void
}

/**
 * The article editor (its own chunk, loaded when a visitor opens it): title, category, tags and a
 * markdown editor (CodeMirror) with a preview, sanitised like every rendered markdown. Publishing
 * goes through `/v1/post/create`; success opens the new article, 401 asks the visitor to sign in,
 * and nothing typed is lost on failure.
 */
export default function PostEditor({ categories, categoryId, draft: kept, onCancel }: PostEditorProps) {
  const { t } = useI18n()
  const id = useId()
  const [draft, change] = usePostDraft(kept, categoryId)
  const [tab, setTab] = useState<ContentTab>('write')
  const { problems, failure, sending, publish } = usePostPublish(draft, () => setTab('write'))
  const titleInput = useRef<HTMLInputElement>(null)
  const setContent = useCallback((text: string) => change('content', text), [change])
  const editorHost = useMarkdownEditor(draft.content, t('postContent'), setContent)

  useEffect(() => {
    titleInput.current?.focus()
  }, [])

  const fields = fieldProblems(problems, id, t)
  return (
    <section className="post-editor card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('writePost')}</h2>
      <form
        className="site-form post-editor__form"
        onSubmit={(event) => void publish(event)}
        noValidate
        aria-busy={sending}
      >
        <PostFields
          id={id}
          draft={draft}
          change={change}
          categories={categories}
          problems={fields}
          titleInput={titleInput}
        />
        <PostContentTabs
          id={id}
          tab={tab}
          onTab={setTab}
          content={draft.content}
          editorHost={editorHost}
          error={fields.error('content')}
        />
        {failure ? (
          <p className="site-form__result site-form__result--error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="site-form__actions post-editor__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
          <button type="submit" className="button" disabled={sending}>
            {sending ? t('submitting') : t('publish')}
          </button>
        </div>
      </form>
    </section>
  )
}
