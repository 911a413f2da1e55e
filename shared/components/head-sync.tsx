import { useEffect } from 'react'
import { useMatches, useRouteError, useRouteLoaderData } from 'react-router'
import type { PageDataBase, PageHead, RootData } from '../data/page-head.ts'
import { applyHeadTags } from '../seo/apply-head-tags.ts'
import { errorHead, toHeadTags } from '../seo/head-tags.ts'

/**
 * Keeps the document head in step with client-side navigation. The server writes the head of the
 * first page itself (server/render/document-shell.ts) from the same tag list; this only runs in the
 * browser. Applying is idempotent: after hydration every key already matches and nothing changes.
 */
export function HeadSync() {
  const matches = useMatches()
  // Absent on the hydrated page (its hydration data leaves the head out, the server wrote it): present
  // from the first navigation on, in each page's payload.
  const head = (matches[matches.length - 1]?.data as Partial<PageDataBase> | undefined)?.head
  useApplyHead(head)
  return null
}

/** Applies an error page's head (title, `noindex`, no canonical) from an error boundary. */
export function useErrorHead(title: string) {
  useRouteError()
  useApplyHead(errorHead(title))
}

function useApplyHead(head: PageHead | undefined) {
  const root = useRouteLoaderData('root') as RootData | undefined
  useEffect(() => {
    if (!head) return
    if (!root) {
      document.title = head.title
      return
    }
    applyHeadTags(document, toHeadTags(head, root.head))
  }, [head, root])
}
