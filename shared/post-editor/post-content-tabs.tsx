import DOMPurify from 'dompurify'
import { marked } from 'marked'
import { useMemo, type ReactNode, type RefObject } from 'react'
import { useI18n } from '../i18n/i18n-context.tsx'

/** The content's two views: the markdown as written, or as it will read. */
export type ContentTab = 'write' | 'preview'

/** The content field's state; `id` starts the form's ids. */
export interface PostContentTabsProps {
  id: string
  tab: ContentTab
  onTab: (tab: ContentTab) => void
  content: string
  /** Where the code editor goes (useMarkdownEditor). */
  editorHost: RefObject<HTMLDivElement | null>
  /** The content's problem, shown under both views. */
  error: ReactNode
}

/** The article's content: a tab to write it in the code editor, a tab to preview it sanitised. */
export function PostContentTabs({ id, tab, onTab, content, editorHost, error }: PostContentTabsProps) {
  const { t } = useI18n()
  // Ids and names prefixed as the server does with the published post (docs/security.md "Written
  // HTML"): the preview shares the document with the editor's form and the app's own elements.
  const preview = useMemo(
    () =>
      tab === 'preview'
        ? DOMPurify.sanitize(marked.parse(content, { async: false }), { SANITIZE_NAMED_PROPS: true })
        : '',
    [tab, content],
  )
  return (
    <div className="site-form__field">
      <div className="post-editor__tabs" role="tablist" aria-label={t('postContent')}>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'write'}
          aria-controls={`${id}-write`}
          onClick={() => onTab('write')}
        >
          {t('write')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'preview'}
          aria-controls={`${id}-preview`}
          onClick={() => onTab('preview')}
        >
          {t('preview')}
        </button>
      </div>
      <div id={`${id}-write`} role="tabpanel" className="post-editor__code" ref={editorHost} hidden={tab !== 'write'} />
      <div id={`${id}-preview`} role="tabpanel" className="post-editor__preview prose" hidden={tab !== 'preview'}>
        {preview ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the preview is DOMPurify's output, made just above
          <div dangerouslySetInnerHTML={{ __html: preview }} />
        ) : (
          <p className="muted">{t('nothingToPreview')}</p>
        )}
      </div>
      {error}
    </div>
  )
}
