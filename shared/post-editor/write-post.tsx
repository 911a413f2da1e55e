import { useEffect, useState, type ComponentType } from 'react'
import { useStoredUser } from '../account/stored-user.ts'
import { notify } from '../feedback/notify.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import type { PostCategory } from '../content-types.ts'
import type { PostEditorProps } from './post-editor.tsx'
import { useStyleLoader, type StyleLoader } from '../styles/style-loader.ts'
import { clearDraft, loadDraft, type StoredDraft } from './post-draft.ts'

let editorChunk: Promise<{ default: ComponentType<PostEditorProps> }> | null = null

/** The editor's chunk (CodeMirror, the markdown preview) and its form styles, requested when a visitor opens it. */
function loadPostEditor(ensureStyles: StyleLoader): Promise<{ default: ComponentType<PostEditorProps> }> {
  editorChunk ??= Promise.all([import('./post-editor.tsx'), ensureStyles(['forms'])]).then(
    ([module]) => module,
    (error: unknown) => {
      editorChunk = null
      throw error
    },
  )
  return editorChunk
}

/** The categories an article may go in, and the one the list shows (the editor starts there). */
export interface WritePostProps {
  categories: PostCategory[]
  categoryId: string
}

/**
 * "Write an article" for signed-in visitors on the article list. The signed-in state is known
 * after hydration only, so the server HTML is the same for everyone.
 */
export function WritePost({ categories, categoryId }: WritePostProps) {
  const { t, ready } = useI18n()
  const user = useStoredUser()
  const ensureStyles = useStyleLoader()
  const [Editor, setEditor] = useState<ComponentType<PostEditorProps> | null>(null)
  const [open, setOpen] = useState(false)
  const [loading, setLoading] = useState(false)
  const [draft, setDraft] = useState<StoredDraft | null>(null)
  // A draft kept through a sign-in reopens the editor with what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the stored user alone (a sign-in), not on the editor opening or closing
  useEffect(() => {
    if (user === null || open) return
    const kept = loadDraft()
    if (kept === null) return
    setDraft(kept)
    void openEditor()
  }, [user])
  if (user === null) return null
  async function openEditor() {
    setLoading(true)
    try {
      const module = await loadPostEditor(ensureStyles)
      setEditor(() => module.default)
      setOpen(true)
    } catch {
      await ready().catch(() => {})
      notify.error(t('fetchFailed'))
    } finally {
      setLoading(false)
    }
  }
  if (open && Editor)
    return (
      <Editor
        categories={categories}
        categoryId={categoryId}
        draft={draft}
        onCancel={() => {
          clearDraft()
          setDraft(null)
          setOpen(false)
        }}
      />
    )
  return (
    <p className="post-write">
      <button type="button" className="button" onClick={() => void openEditor()} disabled={loading} aria-busy={loading}>
        {loading ? t('loading') : t('writePost')}
      </button>
    </p>
  )
}
