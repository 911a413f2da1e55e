import { useLoaderData } from 'react-router'
import type { HomePageData } from '../data/content-data.ts'
import { ContentView } from './content/content-view.tsx'
import { SearchHome } from './content/search-home.tsx'

/** The home page: the search-mode resource home, or the configured single page rendered in place. */
export function Component() {
  const data = useLoaderData() as HomePageData
  return data.kind === 'content' ? <ContentView data={data} /> : <SearchHome data={data} />
}
