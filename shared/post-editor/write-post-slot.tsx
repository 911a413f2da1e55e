import { useEffect, useState, type ComponentType } from 'react'
import { useMaybeSignedIn } from '../account/user-storage.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import type { WritePostProps } from './write-post.tsx'

/**
 * Where "Write an article" appears on the article list. It shows for signed-in visitors only, so its
 * code (and the stored user's) loads after hydration when someone is stored, never with the page,
 * and shows once any string can be translated (its strings are not among the server's).
 */
export function WritePostSlot(props: WritePostProps) {
  const maybeSignedIn = useMaybeSignedIn()
  const { ready } = useI18n()
  const [WritePost, setWritePost] = useState<ComponentType<WritePostProps> | null>(null)
  useEffect(() => {
    if (maybeSignedIn && WritePost === null)
      void Promise.all([import('./write-post.tsx'), ready()]).then(
        ([module]) => setWritePost(() => module.WritePost),
        () => {},
      )
  }, [maybeSignedIn, WritePost, ready])
  return WritePost ? <WritePost {...props} /> : null
}
