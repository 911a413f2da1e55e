import { toFragmentId } from './fragment-id.ts'

/**
 * A site link as the page writes it: its fragment in the id form the targets are given
 * (`/sp/ai-tools#AI 對話` → `/sp/ai-tools#AI-對話`), so the link and the element it names follow one
 * rule. A space is not allowed in a URL fragment, and a crawler or a browser without scripts would
 * otherwise never reach the section. A target without a fragment, or with an empty one, is returned as it is.
 */
export function withFragmentId(target: string): string {
  const hash = target.indexOf('#')
  if (hash < 0) return target
  const fragment = toFragmentId(target.slice(hash + 1))
  return fragment === '' ? target : `${target.slice(0, hash)}#${fragment}`
}
