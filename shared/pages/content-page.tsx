import { useLoaderData } from 'react-router'
import type { ContentPageData } from '../data/content-data.ts'
import { ContentView } from './content/content-view.tsx'

/** Content routes: /c, /nav, /sp, /l, /doc and /doc_ pages (SPEC §2). */
export function Component() {
  const data = useLoaderData() as ContentPageData
  return <ContentView data={data} />
}
