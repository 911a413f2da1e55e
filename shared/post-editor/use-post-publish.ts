import { useState, type FormEvent } from 'react'
import { requestSignIn } from '../account/sign-in-request.ts'
import { ApiCallError, postApi } from '../api/post-api.ts'
import { useSiteNavigate } from '../components/site-context.tsx'
import { postPath } from '../data/post-data.ts'
import { notify } from '../feedback/notify.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { clearDraft, saveDraft, type StoredDraft } from './post-draft.ts'
import { parseTags, validatePost, type PostProblem } from './post-rules.ts'

/** HTTP 401 / envelope 401: the session is gone (API.md "Transport"). */
const UNAUTHORIZED = 401
const INVALID_INPUT = 100

/** Where publishing stands: the problems found before sending, the upstream's refusal, a request under way. */
export interface PostPublish {
  problems: PostProblem[]
  failure: string | null
  sending: boolean
  publish: (event: FormEvent) => Promise<void>
}

/**
 * Publishing through `/v1/post/create`: the draft is checked first (`showContent` brings the
 * content into view when it is the first field at fault), success opens the new article, 401 keeps
 * the draft and asks the visitor to sign in, and nothing typed is lost on failure.
 */
export function usePostPublish(draft: StoredDraft, showContent: () => void): PostPublish {
  const { t } = useI18n()
  const navigate = useSiteNavigate()
  const [problems, setProblems] = useState<PostProblem[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  async function publish(event: FormEvent) {
    event.preventDefault()
    if (sending) return
    const post = {
      title: draft.title.trim(),
      content: draft.content,
      category_id: draft.category,
      tags: parseTags(draft.tags),
    }
    const found = validatePost(post)
    setProblems(found)
    setFailure(null)
    if (found.length > 0) {
      if (found[0]?.field === 'content') showContent()
      return
    }
    setSending(true)
    try {
      await send(post)
    } catch (error) {
      if (!(error instanceof ApiCallError)) throw error
      setFailure(t('postCreateFailed'))
    } finally {
      setSending(false)
    }
  }

  /** Sends a valid post: opens it once created, else says why it was not, the draft kept. */
  async function send(post: Parameters<typeof validatePost>[0]) {
    const reply = await postApi('post/create', post)
    const created = reply.status === 0 ? toCreatedPost(reply.data) : null
    if (created !== null) {
      clearDraft()
      notify.success(t('submitted'))
      navigate(postPath(created))
    } else if (reply.status === UNAUTHORIZED) {
      // The session has gone: keep the draft through the sign-in (which reloads the page) and ask for it.
      saveDraft(draft)
      setFailure(t('signInToWrite'))
      requestSignIn()
    } else {
      setFailure(reply.status === INVALID_INPUT && reply.info ? reply.info : t('postCreateFailed'))
    }
  }

  return { problems, failure, sending, publish }
}

/** The created post's address parts, parsed from the upstream `Post`. */
function toCreatedPost(data: unknown): { id: string; path: string } | null {
  if (data === null || typeof data !== 'object') return null
  const { id, path } = data as Record<string, unknown>
  if (typeof id !== 'string' || id === '') return null
  return { id, path: typeof path === 'string' ? path : '' }
}
