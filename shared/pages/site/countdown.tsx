import { useEffect, useState } from 'react'
import { useI18n } from '../../i18n/i18n-context.tsx'

/**
 * Counts down from `seconds`, then sends the browser to `url`. The first render shows the full count
 * on the server and in the browser alike (hydration matches); the timer runs in an effect only.
 */
export function Countdown({ seconds, url }: { seconds: number; url: string }) {
  const { t } = useI18n()
  const [remaining, setRemaining] = useState(seconds)
  useEffect(() => {
    if (remaining <= 0) {
      window.location.assign(url)
      return
    }
    const timer = window.setTimeout(() => setRemaining((value) => value - 1), 1000)
    return () => window.clearTimeout(timer)
  }, [remaining, url])
  // role="timer" is not announced on every tick, so screen readers are not flooded.
  return (
    <p className="site-goto__lead" role="timer">
      {t('leavingSiteLead', { count: Math.max(remaining, 0) })}
    </p>
  )
}
