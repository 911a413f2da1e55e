import { useI18n } from '../i18n/i18n-context.tsx'
import { useGlobalLoading } from './loading.ts'

/** A full-page veil with a spinner while the global loading flag is up (a sign-in call in flight). */
export function LoadingOverlay() {
  const loading = useGlobalLoading()
  const { t } = useI18n()
  if (!loading) return null
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <span className="loading-spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  )
}
