import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google'
import { useState } from 'react'
import { startLoading } from '../feedback/loading.ts'
import { notify } from '../feedback/notify.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { thirdPartyOutcome } from './account-outcomes.ts'
import { accountApi } from './account-api.ts'
import { saveStoredUser } from './stored-user.ts'

type ScriptState = 'loading' | 'suc' | 'fail'

/**
 * Google sign-in (SPEC §4 "Google script: loading, suc, fail"). Part of the dialog's chunk, so
 * Google's script is requested only once the dialog opens. The ID token goes to the same-origin
 * third_party_login; success reloads the page, a 429 says there were too many attempts, any other
 * status does nothing (SPEC §8).
 */
export function GoogleSignIn({ clientId }: { clientId: string }) {
  const { t, language } = useI18n()
  const [state, setState] = useState<ScriptState>('loading')

  async function signIn(credential: string) {
    const stop = startLoading()
    const answer = await accountApi.thirdPartyLogin(credential)
    const outcome = thirdPartyOutcome(answer)
    if (outcome === 'signed-in' && saveStoredUser(answer?.data) !== null) {
      window.location.reload()
      return // the overlay stays up until the page goes
    }
    stop()
    if (outcome === 'too-many') notify.error(t('tooManyAttempts'))
  }

  return (
    <GoogleOAuthProvider
      clientId={clientId}
      locale={language}
      onScriptLoadSuccess={() => setState('suc')}
      onScriptLoadError={() => setState('fail')}
    >
      <div className="account-google" data-state={state}>
        {state === 'loading' ? <p className="account-google__status muted">{t('googleLoading')}</p> : null}
        {state === 'fail' ? (
          <p className="account-google__status account-google__status--failed" role="alert">
            {t('googleLoadingFailed')}
          </p>
        ) : null}
        {state === 'suc' ? (
          <GoogleLogin
            onSuccess={(response) => {
              if (response.credential) void signIn(response.credential)
            }}
            text="continue_with"
            width={300}
            containerProps={{ className: 'account-google__button' }}
          />
        ) : null}
      </div>
    </GoogleOAuthProvider>
  )
}
