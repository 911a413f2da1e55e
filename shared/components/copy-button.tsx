import { useEffect, useState } from 'react'
import { useI18n } from '../i18n/i18n-context.tsx'

/** Copies a text to the clipboard (browser only, on click) and says so for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useI18n()
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2000)
    return () => clearTimeout(timer)
  }, [state])
  const copy = () => {
    // The clipboard API exists only in secure contexts (https, localhost).
    if (typeof navigator.clipboard?.writeText !== 'function') {
      setState('failed')
      return
    }
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    )
  }
  return (
    <button type="button" className="button button--secondary res-copy" onClick={copy}>
      <span aria-live="polite">{state === 'copied' ? t('copied') : state === 'failed' ? t('copyFailed') : label}</span>
    </button>
  )
}
