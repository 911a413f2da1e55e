import { useEffect } from 'react'
import { useMatches, useRouteError, useRouteLoaderData } from 'react-router'
import type { PageDataBase, PageHead, RootData } from '../data/page-head.ts'

/**
 * Keeps the document head in step with client-side navigation. The server writes the head of the
 * first page itself (server/render/document-shell.ts) from the same tag list; this only runs in the
 * browser, and only once the page has changed: the code that builds and applies tags is loaded
 * then, not with the page.
 */
export function HeadSync() {
  const matches = useMatches()
  // Absent on the hydrated page (its hydration data leaves the head out, the server wrote it): present
  // from the first navigation on, in each page's payload.
  const head = (matches[matches.length - 1]?.data as Partial<PageDataBase> | undefined)?.head
  useApplyHead(head, undefined)
  return null
}

/** Applies an error page's head (title, `noindex`, no canonical) from an error boundary. */
export function useErrorHead(title: string) {
  useRouteError()
  useApplyHead(undefined, title)
}

let headCode: Promise<typeof import('../seo/head-code.ts')> | null = null

function useApplyHead(head: PageHead | undefined, errorTitle: string | undefined) {
  const root = useRouteLoaderData('root') as RootData | undefined
  useEffect(() => {
    if (head === undefined && errorTitle === undefined) return
    if (!root) {
      document.title = head?.title ?? errorTitle ?? ''
      return
    }
    // The hydrating commit shows the head the server wrote (RootLayout marks the page hydrated
    // after this effect has run): nothing to apply yet.
    if (document.documentElement.dataset.hydrated !== 'true') return
    headCode ??= import('../seo/head-code.ts')
    headCode.then(
      ({ applyHeadTags, errorHead, toHeadTags }) =>
        applyHeadTags(document, toHeadTags(head ?? errorHead(errorTitle ?? ''), root.head)),
      () => {
        headCode = null
        document.title = head?.title ?? errorTitle ?? ''
      },
    )
  }, [head, errorTitle, root])
}
