import { useState } from 'react'
import { useI18n } from '../i18n/i18n-context.tsx'
import { CopyButton } from '../components/copy-button.tsx'
import type { TransferOutcome } from './transfer-rules.ts'

export interface TransferSaveProps {
  /** The share link to save (as the resource lists it). */
  url: string
  cookieId: string
  /** The resource id (`doc_id`). */
  docId: string
}

/**
 * "Save to my drive" for one share link (`/v1/local_resource_save` through the API proxy): the
 * copy in the site's drive comes back as a new link to open or copy; a wrong or expired link or
 * any other failure is said in words next to the button.
 */
export function TransferSave({ url, cookieId, docId }: TransferSaveProps) {
  const { t, ready } = useI18n()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<TransferOutcome | null>(null)
  const save = async () => {
    setBusy(true)
    try {
      // The call and its rules load on the tap (the button shows busy meanwhile), not with the page.
      const [call] = await Promise.all([import('./transfer-call.ts').catch(() => null), ready().catch(() => {})])
      setOutcome(
        call
          ? await call.saveToDrive({ url, cookie_id: cookieId, doc_id: docId })
          : { kind: 'failed', message: 'transferFailed' },
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="res-transfer">
      {outcome?.kind !== 'saved' ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void save()}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? t('transferSaving') : t('transferSave')}
        </button>
      ) : null}
      <div className="res-transfer__result" role="status">
        {outcome?.kind === 'saved' ? (
          <>
            <span>{t('transferSaved')}</span>{' '}
            <a className="res-transfer__link" href={outcome.url} target="_blank" rel="noopener noreferrer nofollow">
              {outcome.url}
            </a>{' '}
            <CopyButton text={outcome.url} label={t('copyLink')} />
          </>
        ) : outcome?.kind === 'failed' ? (
          <span className="res-transfer__error">{t(outcome.message)}</span>
        ) : null}
      </div>
    </div>
  )
}
