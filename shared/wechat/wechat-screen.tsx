import { useI18n } from '../i18n/i18n-context.tsx'

/**
 * The in-app-browser screen (SPEC §2): style 0 replaces the page with a text screen, style 1
 * dims the page under an overlay. It is in every page's HTML and hidden by the stylesheet; the
 * head script (wechat-link.ts) shows it in WeChat before the first paint, with or without the
 * page's JavaScript. The copy button works once the page is interactive and answers with a toast.
 */
export function WechatScreen({ style }: { style: 0 | 1 }) {
  const { t, ready } = useI18n()
  // Copying and its toast load on the tap: most visitors are not in WeChat and never see the screen.
  const copy = async () => {
    const [{ copyText }, { notify }, { withWechatRef }] = await Promise.all([
      import('../browser/copy-text.ts'),
      import('../feedback/notify.ts'),
      import('./wechat-link.ts'),
      ready(),
    ])
    if (await copyText(withWechatRef(window.location.href))) notify.success(t('copySuccessOpenBrowser'))
    else notify.error(t('copyFailed'))
  }
  return (
    <div
      className={`wx-screen wx-screen--style-${style}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby="wx-screen-title"
    >
      {style === 1 ? (
        <span className="wx-screen__pointer" aria-hidden="true">
          ↗
        </span>
      ) : null}
      <div className="wx-screen__card">
        <h2 id="wx-screen-title" className="wx-screen__title">
          {t('openInBrowser')}
        </h2>
        <p className="wx-screen__lead">{t('openInBrowserLead')}</p>
        <button type="button" className="button wx-screen__copy" data-needs-app="" onClick={() => void copy()}>
          {t('copyLink')}
        </button>
      </div>
    </div>
  )
}
