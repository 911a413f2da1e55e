import { markdown } from '@codemirror/lang-markdown'
import { EditorView, basicSetup } from 'codemirror'
import { useEffect, useRef, type RefObject } from 'react'

/**
 * A CodeMirror markdown editor in the element the returned ref is attached to, starting from `doc`
 * and reporting each change of its text. It is built again, from that first text, only when its
 * accessible label changes.
 */
export function useMarkdownEditor(
  doc: string,
  label: string,
  onChange: (text: string) => void,
): RefObject<HTMLDivElement | null> {
  const host = useRef<HTMLDivElement>(null)
  const initialDoc = useRef(doc)
  useEffect(() => {
    // The host is rendered unconditionally: an effect runs after it is attached.
    const parent = host.current
    if (parent === null) return
    const view = new EditorView({
      parent,
      doc: initialDoc.current,
      extensions: [
        basicSetup,
        markdown(),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', dir: 'auto' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(update.state.doc.toString())
        }),
      ],
    })
    return () => view.destroy()
  }, [label, onChange])
  return host
}
