import { useEffect, useState } from 'react'
import { useRouteLoaderData } from 'react-router'
import { readStorage, writeStorage } from '../browser/storage.ts'
import { ConfigLink } from '../components/site-link.tsx'
import { useI18n } from '../i18n/i18n-context.tsx'
import type { MainData } from './main-data.ts'
import { hidePromo, parseHiddenPromos, selectPromo, type PromoView } from './promo-rules.ts'
import { SiteImage } from '../components/site-image.tsx'

/** localStorage key of the hidden promo records (SPEC §3 "Hidden promo record"). */
export const PROMO_HIDDEN_KEY = 'promo_hidden'

/**
 * The promo pop-up at the bottom right (SPEC §2, §4). It is chosen only after hydration, from the
 * visitor's clock and hidden records, so the server HTML is the same for everyone and a promo the
 * visitor closed never flashes. A non-modal region: it takes no focus and traps nothing.
 */
export function PromoPopup() {
  const data = useRouteLoaderData('main') as MainData | undefined
  const promos = data?.promos
  const [promo, setPromo] = useState<PromoView | null>(null)
  useEffect(() => {
    if (!promos || promos.length === 0) {
      setPromo(null)
      return
    }
    const now = Date.now()
    setPromo(selectPromo(promos, now, parseHiddenPromos(readStorage(PROMO_HIDDEN_KEY), now)))
  }, [promos])
  if (promo === null) return null
  const close = () => {
    const now = Date.now()
    writeStorage(PROMO_HIDDEN_KEY, JSON.stringify(hidePromo(parseHiddenPromos(readStorage(PROMO_HIDDEN_KEY), now), promo.title, now)))
    setPromo(null)
  }
  return <PromoCard promo={promo} onClose={promo.allowed_close === 1 ? close : undefined} />
}

function PromoCard({ promo, onClose }: { promo: PromoView; onClose: (() => void) | undefined }) {
  const { t } = useI18n()
  const picture = promo.type === 1 && promo.img_url !== ''
  // Eager: a fixed pop-up is on screen the moment it shows, lazy loading would only delay it.
  const body = picture ? (
    <SiteImage className="promo__image" src={promo.img_url} preset="thumbnail" alt={promo.title} width={640} height={360} eager />
  ) : (
    <>
      <strong className="promo__title" dir="auto">{promo.title}</strong>
      {promo.description ? <span className="promo__text" dir="auto">{promo.description}</span> : null}
    </>
  )
  return (
    <section className={`promo promo--${picture ? 'picture' : 'text'}`} aria-label={promo.title} data-testid="promo">
      {promo.url ? <ConfigLink url={promo.url} className="promo__link">{body}</ConfigLink> : <div className="promo__link">{body}</div>}
      {onClose ? (
        <button type="button" className="promo__close" onClick={onClose} aria-label={t('close')} title={t('close')}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </section>
  )
}
