import { useMatches } from 'react-router'
import { ErrorView } from '../components/error-view.tsx'

const STATUS_BY_ROUTE: Record<string, number> = { 'fixed-404': 404, 'fixed-405': 405, 'fixed-500': 500 }

/**
 * `/404`, `/405`, `/500` and the catch-all route. Their loaders throw a response with the page's
 * status, so the page area's error boundary normally renders them; this component is the plain
 * fallback should a status page ever render as a page.
 */
export function Component() {
  const matches = useMatches()
  const routeId = matches[matches.length - 1]?.id ?? ''
  return <ErrorView status={STATUS_BY_ROUTE[routeId] ?? 404} message={null} />
}
