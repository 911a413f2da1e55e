import { useEffect, useState, type ComponentType } from 'react'
import { useMaybeSignedIn } from '../account/user-storage.ts'
import type { WritePostProps } from './write-post.tsx'

/**
 * Where "Write an article" appears on the article list. It shows for signed-in visitors only, so its
 * code (and the stored user's) loads after hydration when someone is stored, never with the page.
 */
export function WritePostSlot(props: WritePostProps) {
  const maybeSignedIn = useMaybeSignedIn()
  const [WritePost, setWritePost] = useState<ComponentType<WritePostProps> | null>(null)
  useEffect(() => {
    if (maybeSignedIn && WritePost === null) void import('./write-post.tsx').then((module) => setWritePost(() => module.WritePost), () => {})
  }, [maybeSignedIn, WritePost])
  return WritePost ? <WritePost {...props} /> : null
}
