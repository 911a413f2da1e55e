import { useEffect } from 'react'
import { useMatches, useRouteError } from 'react-router'
import type { PageDataBase } from '../data/page-head.ts'

/**
 * Keeps the document head in step with client-side navigation. The server writes the head of the
 * first page itself (server/render/document.ts); this only runs in the browser, after hydration.
 */
export function HeadSync() {
  const matches = useMatches()
  const head = (matches[matches.length - 1]?.data as PageDataBase | undefined)?.head
  useEffect(() => {
    if (!head) return
    document.title = head.title
    setMeta('description', head.description)
    setMeta('keywords', head.keywords)
    setMeta('robots', head.robots ?? '')
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')
    if (canonical && head.canonical) canonical.href = head.canonical
  }, [head])
  return null
}

/** Sets the title from an error boundary, where no page data exists. */
export function useErrorTitle(title: string) {
  useRouteError()
  useEffect(() => {
    document.title = title
  }, [title])
}

function setMeta(name: string, content: string) {
  let element = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)
  if (content === '') {
    element?.remove()
    return
  }
  if (!element) {
    element = document.createElement('meta')
    element.name = name
    document.head.append(element)
  }
  element.content = content
}
