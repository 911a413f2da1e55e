import { useEffect, useState, type ComponentType } from 'react'
import { useI18n } from '../i18n/i18n-context.tsx'
import { useGlobalLoading } from './loading.ts'

/**
 * The loading overlay (SPEC §2): a veil with a spinner while the global loading flag is up (a
 * sign-in call in flight). The veil's code loads the first time the flag goes up; only code that
 * is itself loaded on demand raises it.
 */
export function LoadingOverlay() {
  const loading = useGlobalLoading()
  const { ready } = useI18n()
  const [Veil, setVeil] = useState<ComponentType | null>(null)
  useEffect(() => {
    if (loading && Veil === null)
      void Promise.all([import('./loading-veil.tsx'), ready()]).then(
        ([module]) => setVeil(() => module.LoadingVeil),
        () => {},
      )
  }, [loading, Veil, ready])
  return loading && Veil ? <Veil /> : null
}
