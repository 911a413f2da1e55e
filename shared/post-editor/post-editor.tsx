import DOMPurify from 'dompurify'
import { markdown } from '@codemirror/lang-markdown'
import { EditorView, basicSetup } from 'codemirror'
import { marked } from 'marked'
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { requestSignIn } from '../account/sign-in-request.ts'
import { ApiCallError, postApi } from '../api/post-api.ts'
import { useSiteNavigate } from '../components/site-context.tsx'
import { postPath } from '../data/post-data.ts'
import { notify } from '../feedback/notify.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import type { Translate } from '../i18n/translator.ts'
import type { PostCategory } from '../content-types.ts'
import { clearDraft, saveDraft, type StoredDraft } from './post-draft.ts'
import { parseTags, POST_LIMITS, validatePost, type PostProblem } from './post-rules.ts'

export interface PostEditorProps {
  categories: PostCategory[]
  /** Preselected category (the one being browsed), or '' . */
  categoryId: string
  /** What the visitor had typed before being asked to sign in again (kept across the reload). */
  draft: StoredDraft | null
  onCancel: () => void
}

/** HTTP 401 / envelope 401: the session is gone (API.md "Transport"). */
const UNAUTHORIZED = 401
const INVALID_INPUT = 100

/**
 * The article editor (its own chunk, loaded when a visitor opens it): title, category, tags and a
 * markdown editor (CodeMirror) with a preview, sanitised like every rendered markdown. Publishing
 * goes through `/v1/post/create`; success opens the new article, 401 asks the visitor to sign in,
 * and nothing typed is lost on failure.
 */
export default function PostEditor({ categories, categoryId, draft, onCancel }: PostEditorProps) {
  const { t } = useI18n()
  const id = useId()
  const navigate = useSiteNavigate()
  const [title, setTitle] = useState(draft?.title ?? '')
  const [category, setCategory] = useState(draft?.category ?? categoryId)
  const [tags, setTags] = useState(draft?.tags ?? '')
  const [content, setContent] = useState(draft?.content ?? '')
  const initialContent = useRef(content)
  const [tab, setTab] = useState<'write' | 'preview'>('write')
  const [problems, setProblems] = useState<PostProblem[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const editorHost = useRef<HTMLDivElement>(null)
  const titleInput = useRef<HTMLInputElement>(null)

  useEffect(() => {
    titleInput.current?.focus()
    // The host is rendered unconditionally: an effect runs after it is attached.
    const parent = editorHost.current
    if (parent === null) return
    const view = new EditorView({
      parent,
      doc: initialContent.current,
      extensions: [
        basicSetup,
        markdown(),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': t('postContent'), 'aria-multiline': 'true', dir: 'auto' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) setContent(update.state.doc.toString())
        }),
      ],
    })
    return () => view.destroy()
  }, [t])

  // Ids and names prefixed as the server does with the published post (docs/security.md "Written
  // HTML"): the preview shares the document with the editor's form and the app's own elements.
  const preview = useMemo(
    () =>
      tab === 'preview'
        ? DOMPurify.sanitize(marked.parse(content, { async: false }), { SANITIZE_NAMED_PROPS: true })
        : '',
    [tab, content],
  )

  async function publish(event: FormEvent) {
    event.preventDefault()
    if (sending) return
    const draft = { title: title.trim(), content, category_id: category, tags: parseTags(tags) }
    const found = validatePost(draft)
    setProblems(found)
    setFailure(null)
    if (found.length > 0) {
      if (found[0]?.field === 'content') setTab('write')
      return
    }
    setSending(true)
    try {
      const reply = await postApi('post/create', draft)
      const created = reply.status === 0 ? toCreatedPost(reply.data) : null
      if (created !== null) {
        clearDraft()
        notify.success(t('submitted'))
        navigate(postPath(created))
        return
      }
      if (reply.status === UNAUTHORIZED) {
        // The session has gone: keep the draft through the sign-in (which reloads the page) and ask for it.
        saveDraft({ title, content, category, tags })
        setFailure(t('signInToWrite'))
        requestSignIn()
      } else {
        setFailure(reply.status === INVALID_INPUT && reply.info ? reply.info : t('postCreateFailed'))
      }
    } catch (error) {
      if (!(error instanceof ApiCallError)) throw error
      setFailure(t('postCreateFailed'))
    } finally {
      setSending(false)
    }
  }

  const problemOf = (field: PostProblem['field']) => {
    const problem = problems.find((candidate) => candidate.field === field)
    return problem ? problemText(problem, t) : null
  }
  const fieldError = (field: PostProblem['field']) => {
    const text = problemOf(field)
    return text ? (
      <p className="site-form__error" id={`${id}-${field}-error`}>
        {text}
      </p>
    ) : null
  }
  const invalid = (field: PostProblem['field']) =>
    problemOf(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {}

  return (
    <section className="post-editor card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('writePost')}</h2>
      <form
        className="site-form post-editor__form"
        onSubmit={(event) => void publish(event)}
        noValidate
        aria-busy={sending}
      >
        <div className="site-form__field">
          <label className="site-form__label" htmlFor={`${id}-title`}>
            {t('postTitle')}
          </label>
          <input
            ref={titleInput}
            id={`${id}-title`}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={POST_LIMITS.titleMax}
            dir="auto"
            {...invalid('title')}
          />
          {fieldError('title')}
        </div>
        <div className="post-editor__row">
          <div className="site-form__field">
            <label className="site-form__label" htmlFor={`${id}-category`}>
              {t('category')}
            </label>
            <select
              id={`${id}-category`}
              value={category}
              onChange={(event) => setCategory(event.target.value)}
              {...invalid('category_id')}
            >
              <option value="">—</option>
              {categories.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
            {fieldError('category_id')}
          </div>
          <div className="site-form__field">
            <label className="site-form__label" htmlFor={`${id}-tags`}>
              {t('postTags')}
            </label>
            <input
              id={`${id}-tags`}
              value={tags}
              onChange={(event) => setTags(event.target.value)}
              dir="auto"
              {...invalid('tags')}
            />
            {fieldError('tags')}
          </div>
        </div>
        <div className="site-form__field">
          <div className="post-editor__tabs" role="tablist" aria-label={t('postContent')}>
            <button
              type="button"
              role="tab"
              aria-selected={tab === 'write'}
              aria-controls={`${id}-write`}
              onClick={() => setTab('write')}
            >
              {t('write')}
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={tab === 'preview'}
              aria-controls={`${id}-preview`}
              onClick={() => setTab('preview')}
            >
              {t('preview')}
            </button>
          </div>
          <div
            id={`${id}-write`}
            role="tabpanel"
            className="post-editor__code"
            ref={editorHost}
            hidden={tab !== 'write'}
          />
          <div id={`${id}-preview`} role="tabpanel" className="post-editor__preview prose" hidden={tab !== 'preview'}>
            {preview ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the preview is DOMPurify's output, made just above
              <div dangerouslySetInnerHTML={{ __html: preview }} />
            ) : (
              <p className="muted">{t('nothingToPreview')}</p>
            )}
          </div>
          {fieldError('content')}
        </div>
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

/** The created post's address parts, parsed from the upstream `Post`. */
function toCreatedPost(data: unknown): { id: string; path: string } | null {
  if (data === null || typeof data !== 'object') return null
  const { id, path } = data as Record<string, unknown>
  if (typeof id !== 'string' || id === '') return null
  return { id, path: typeof path === 'string' ? path : '' }
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
