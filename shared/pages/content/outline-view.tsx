import type { OutlineBody, OutlineTreeNode } from '../../data/content-data.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'

/**
 * An outline (document): the node tree as a table of contents beside the document, whose sections
 * carry the node ids, so `#id` links land on the node. The document opens at the first node with content.
 */
export function OutlineView({ body }: { body: OutlineBody }) {
  const { t } = useI18n()
  return (
    <div className="content-outline">
      <nav className="content-outline__toc" aria-label={t('tableOfContents')}>
        <p className="content-outline__toc-title">{t('tableOfContents')}</p>
        <OutlineTree nodes={body.tree} current={body.firstWithContent} />
      </nav>
      <article className="content-outline__doc">
        {body.sections.map((section) => {
          const Heading = section.depth === 0 ? 'h2' : section.depth === 1 ? 'h3' : 'h4'
          return (
            <section key={section.id} id={section.id} className={`content-outline__section content-outline__section--d${Math.min(section.depth, 3)}`}>
              <Heading>{section.title}</Heading>
              {section.html ? <div className="prose" dangerouslySetInnerHTML={{ __html: section.html }} /> : null}
            </section>
          )
        })}
      </article>
    </div>
  )
}

function OutlineTree({ nodes, current }: { nodes: OutlineTreeNode[]; current: string | null }) {
  return (
    <ul className="content-outline__tree">
      {nodes.map((node) => (
        <li key={node.id}>
          <a
            href={`#${encodeURIComponent(node.id)}`}
            className={node.hasContent ? undefined : 'content-outline__chapter'}
            aria-current={node.id === current ? 'location' : undefined}
          >
            {node.title}
          </a>
          {node.children.length > 0 ? <OutlineTree nodes={node.children} current={current} /> : null}
        </li>
      ))}
    </ul>
  )
}
