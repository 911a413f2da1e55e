import type { OutlineBody, OutlineSection, OutlineTreeNode } from '../../../shared/data/content-data.ts'
import type { OutlineNode } from '../../../shared/types.ts'
import { outlinePageConfigSchema } from '../../upstream/schemas.ts'
import { renderMarkdown } from '../markdown.ts'
import { parsePageConfig } from './page-config.ts'

/** Deeper nodes are not shown: a runaway tree must not blow up the page. */
const MAX_DEPTH = 8
const MAX_NODES = 500

/**
 * An outline (document) page: the node tree for navigation plus every node's section in reading
 * order, each anchored by its node id so `#id` addresses work without script. The page opens at the
 * first node that has content.
 */
export function shapeOutline(pageConfig: unknown): { body: OutlineBody; excerpt: string } {
  const config = parsePageConfig(outlinePageConfigSchema, pageConfig, 'outline')
  const sections: OutlineSection[] = []
  const seen = new Set<string>()
  let excerpt = ''

  const walk = (nodes: OutlineNode[], depth: number): OutlineTreeNode[] => {
    const tree: OutlineTreeNode[] = []
    for (const node of nodes) {
      // Ids become element ids: duplicates would break anchors, so later ones are skipped.
      if (depth >= MAX_DEPTH || sections.length >= MAX_NODES || seen.has(node.id)) continue
      seen.add(node.id)
      const content = node.content?.trim() ?? ''
      if (content !== '' && excerpt === '') excerpt = toExcerpt(content)
      sections.push({ id: node.id, title: node.title.trim(), depth, html: content === '' ? null : renderMarkdown(content) })
      const children = walk(node.children ?? [], depth + 1)
      tree.push({ id: node.id, title: node.title.trim(), hasContent: content !== '', children })
    }
    return tree
  }

  const tree = walk(config.outline, 0)
  const first = sections.find((section) => section.html !== null)
  return { body: { kind: 'outline', tree, sections, firstWithContent: first?.id ?? null }, excerpt }
}

/** The first paragraph of markdown as plain text, for the meta description. */
function toExcerpt(markdown: string): string {
  const paragraph = markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => block !== '' && !/^(#|```|[-*>|]|\d+\.)/.test(block))
  return (paragraph ?? '').replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`#>]/g, '').replace(/\s+/g, ' ').trim()
}
