import { useI18n } from '../i18n/i18n-context.tsx'
import { signOut } from './sign-out.ts'
import { safeAvatar, type StoredUser } from './stored-user.ts'
import { SiteImage } from '../components/site-image.tsx'

/** The signed-in user in the header: avatar and name, with sign-out in a small menu. */
export function UserMenu({ user, onSignedOut }: { user: StoredUser; onSignedOut: () => void }) {
  const { t } = useI18n()
  const name = user.nick_name.trim() || user.email
  const avatar = safeAvatar(user.avatar)

  async function onSignOut() {
    await signOut()
    onSignedOut()
  }

  return (
    <details className="account-menu">
      <summary aria-label={t('signedInAs', { name })}>
        {avatar ? (
          <SiteImage className="account-avatar" src={avatar} preset="avatar" alt="" width={28} height={28} eager />
        ) : (
          <span className="account-avatar account-avatar--initial" aria-hidden="true">
            {[...name][0]?.toUpperCase()}
          </span>
        )}
        <span className="account-name">{name}</span>
      </summary>
      <div className="account-menu__panel">
        <p className="account-menu__who">
          <strong>{name}</strong>
          {user.email && user.email !== name ? <span className="muted">{user.email}</span> : null}
        </p>
        <button type="button" className="button button--secondary account-signout" onClick={() => void onSignOut()}>
          {t('logout')}
        </button>
      </div>
    </details>
  )
}
