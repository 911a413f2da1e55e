import { createPortal } from 'react-dom'
import { useI18n } from '../i18n/i18n-context.tsx'
import { useGlobalLoading } from './loading.ts'
import { useModalLayer } from './modal-layer.ts'

/**
 * A full-page veil with a spinner while the global loading flag is up (a sign-in call in flight).
 * While a modal dialog is open the veil is drawn inside it, or it would sit under the dialog.
 */
export function LoadingOverlay() {
  const loading = useGlobalLoading()
  const layer = useModalLayer()
  const { t } = useI18n()
  if (!loading) return null
  const overlay = (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <span className="loading-spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  )
  return layer ? createPortal(overlay, layer) : overlay
}
