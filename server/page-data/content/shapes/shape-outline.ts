import type { OutlineBody, OutlineSection, OutlineTreeNode } from '../../../../shared/data/content-data.ts'
import type { OutlineNode } from '../../../../shared/content-types.ts'
import { outlinePageConfigSchema } from '../../../upstream/schemas.ts'
import type { Markdown } from '../../markdown.ts'
import { markdownExcerpt } from '../excerpt.ts'
import type { ObjectMemo } from '../../../cache/object-memo.ts'
import { parsePageConfig } from '../page-config.ts'

/** Deeper nodes are not shown: a runaway tree must not blow up the page. */
const MAX_DEPTH = 8
const MAX_NODES = 500

/**
 * An outline (document) page: the node tree for navigation plus every node's section in reading
 * order, each anchored by its node id so `#id` addresses work without script. The page opens at the
 * first node that has content.
 */
export function shapeOutline(
  pageConfig: unknown,
  markdown: Markdown,
  memo?: ObjectMemo,
): { body: OutlineBody; excerpt: string; firstTitle: string } {
  const config = parsePageConfig(outlinePageConfigSchema, pageConfig, 'outline', memo)
  const sections: OutlineSection[] = []
  const seen = new Set<string>()
  let excerpt = ''

  const walk = (nodes: OutlineNode[], depth: number): OutlineTreeNode[] => {
    const tree: OutlineTreeNode[] = []
    for (const node of nodes) {
      // Ids become element ids: duplicates would break anchors, so later ones are skipped.
      if (depth >= MAX_DEPTH || sections.length >= MAX_NODES || seen.has(node.id)) continue
      seen.add(node.id)
      const content = withoutTitleHeading(node.content?.trim() ?? '', node.title)
      if (content !== '' && excerpt === '') excerpt = markdownExcerpt(content)
      sections.push({
        id: node.id,
        title: node.title.trim(),
        depth,
        html: content === '' ? null : markdown.renderMarkdown(content),
      })
      const children = walk(node.children ?? [], depth + 1)
      tree.push({ id: node.id, title: node.title.trim(), hasContent: content !== '', children })
    }
    return tree
  }

  const tree = walk(config.outline, 0)
  const first = sections.find((section) => section.html !== null)
  return {
    body: { kind: 'outline', tree, sections, firstWithContent: first?.id ?? null },
    excerpt,
    firstTitle: first?.title ?? '',
  }
}

/**
 * Node content often repeats the node title as its first heading; the section already shows the
 * title as a heading at the right level, so that first line is dropped.
 */
function withoutTitleHeading(markdown: string, title: string): string {
  const match = /^#{1,6}[ \t]+(.+?)[ \t#]*(?:\n|$)/.exec(markdown)
  if (!match || match[1]?.trim() !== title.trim()) return markdown
  return markdown.slice(match[0].length).trim()
}
