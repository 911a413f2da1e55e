import type { ReactNode } from 'react'
import type { ResourcePageBase } from '../../data/resource-data.ts'
import { ResourceAside } from './resource-aside.tsx'

/**
 * Two columns on wide screens (content, then the aside), one below the other on narrow ones. The
 * content comes first in the document, so it is in the streamed shell before the aside arrives.
 */
export function ResourceLayout({ data, children }: { data: ResourcePageBase; children: ReactNode }) {
  return (
    <div className={data.asideSections.length > 0 ? 'res-layout' : 'res-layout res-layout--single'}>
      <div className="res-layout__main">{children}</div>
      <ResourceAside sections={data.asideSections} aside={data.aside} />
    </div>
  )
}

/** A page heading with an optional lead line under it. */
export function PageHeading({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <header className="res-heading">
      <h1>{title}</h1>
      {lead ? <p className="res-heading__lead">{lead}</p> : null}
      {children}
    </header>
  )
}
