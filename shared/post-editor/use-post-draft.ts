import { useCallback, useState } from 'react'
import type { StoredDraft } from './post-draft.ts'

/** Sets one field of the draft to what the visitor typed or chose. */
export type ChangeDraft = (field: keyof StoredDraft, value: string) => void

/** The article as typed so far: a kept draft's fields, or empty ones in the category being browsed. */
export function usePostDraft(kept: StoredDraft | null, categoryId: string): [StoredDraft, ChangeDraft] {
  const [draft, setDraft] = useState<StoredDraft>(() => ({
    title: kept?.title ?? '',
    content: kept?.content ?? '',
    category: kept?.category ?? categoryId,
    tags: kept?.tags ?? '',
  }))
  // Stable, so that the code editor, which reports into it, is not rebuilt on every keystroke.
  const change = useCallback<ChangeDraft>((field, value) => setDraft((current) => ({ ...current, [field]: value })), [])
  return [draft, change]
}
