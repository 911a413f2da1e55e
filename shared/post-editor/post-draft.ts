import { readStorage, writeStorage } from '../browser/storage.ts'

/** An unpublished article as typed (tags still as one text). */
export interface StoredDraft {
  title: string
  content: string
  category: string
  tags: string
}

/** sessionStorage would not outlive the sign-in reload in every browser; the draft is small and per site. */
const DRAFT_KEY = 'post_draft'

/** Keeps a draft until it is published (e.g. across the reload after signing in again). */
export function saveDraft(draft: StoredDraft): void {
  writeStorage(DRAFT_KEY, JSON.stringify(draft))
}

export function clearDraft(): void {
  try {
    window.localStorage.removeItem(DRAFT_KEY)
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** The kept draft, parsed (anything malformed counts as none). Browser only. */
export function loadDraft(): StoredDraft | null {
  return parseDraft(readStorage(DRAFT_KEY))
}

export function parseDraft(raw: string | null): StoredDraft | null {
  if (raw === null) return null
  try {
    const value: unknown = JSON.parse(raw)
    if (value === null || typeof value !== 'object') return null
    const { title, content, category, tags } = value as Record<string, unknown>
    if ([title, content, category, tags].some((field) => typeof field !== 'string')) return null
    return { title: title as string, content: content as string, category: category as string, tags: tags as string }
  } catch {
    return null
  }
}
