import { createPortal } from 'react-dom'
import { useI18n } from '../i18n/i18n-context.tsx'
import { useModalLayer } from './modal-layer.ts'

/**
 * The full-page veil with a spinner (loading-overlay.tsx shows it while the global loading flag is
 * up). While a modal dialog is open the veil is drawn inside it, or it would sit under the dialog.
 */
export function LoadingVeil() {
  const layer = useModalLayer()
  const { t } = useI18n()
  const overlay = (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <span className="loading-spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  )
  return layer ? createPortal(overlay, layer) : overlay
}
