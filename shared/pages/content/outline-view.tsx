import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { SiteLink } from '../../components/site-link.tsx'
import type { OutlineBody, OutlineTreeNode } from '../../data/content-data.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'

/**
 * An outline (document): the node tree as a table of contents beside the document, whose sections
 * carry the node ids, so `#id` links land on the node. The document opens at the first node with content.
 */
export function OutlineView({ body }: { body: OutlineBody }) {
  const { t } = useI18n()
  const current = useCurrentSection(body)
  return (
    <div className="content-outline">
      <nav className="content-outline__toc" aria-label={t('tableOfContents')}>
        <p className="content-outline__toc-title">{t('tableOfContents')}</p>
        <OutlineTree nodes={body.tree} current={current} />
      </nav>
      <div className="content-outline__doc">
        {body.sections.map((section) => {
          const Heading = section.depth === 0 ? 'h2' : section.depth === 1 ? 'h3' : 'h4'
          return (
            <section
              key={section.id}
              id={section.id}
              className={`content-outline__section content-outline__section--d${Math.min(section.depth, 3)}`}
            >
              <Heading>{section.title}</Heading>
              {section.html ? (
                // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised on the server (server/page-data/content/shapes/shape-outline.ts)
                <div className="prose" dangerouslySetInnerHTML={{ __html: section.html }} />
              ) : null}
            </section>
          )
        })}
      </div>
    </div>
  )
}

/**
 * The section being read, for the table of contents: the first node with content until the visitor
 * scrolls (the server renders that too, so hydration matches), then the topmost section in view.
 */
function useCurrentSection(body: OutlineBody): string | null {
  const [current, setCurrent] = useState(body.firstWithContent)
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return
    const elements = body.sections
      .map((section) => document.getElementById(section.id))
      .filter((element) => element !== null)
    const visible = new Set<Element>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target)
          else visible.delete(entry.target)
        }
        // Document order: the first visible section is the one being read.
        const top = elements.find((element) => visible.has(element))
        if (top) setCurrent(top.id)
      },
      { rootMargin: '-80px 0px -55% 0px' },
    )
    for (const element of elements) observer.observe(element)
    return () => observer.disconnect()
  }, [body])
  return current
}

function OutlineTree({ nodes, current }: { nodes: OutlineTreeNode[]; current: string | null }) {
  // In-page links go through the router, so the jump is the smooth hash scroll of SPEC §2.
  const { pathname, search } = useLocation()
  return (
    <ul className="content-outline__tree">
      {nodes.map((node) => (
        <li key={node.id}>
          <SiteLink
            to={`${pathname}${search}#${encodeURIComponent(node.id)}`}
            className={node.hasContent ? undefined : 'content-outline__chapter'}
            aria-current={node.id === current ? 'location' : undefined}
          >
            {node.title}
          </SiteLink>
          {node.children.length > 0 ? <OutlineTree nodes={node.children} current={current} /> : null}
        </li>
      ))}
    </ul>
  )
}
