import { useEffect, useState } from 'react'
import { useRouteLoaderData } from 'react-router'
import { readStorage, writeStorage } from '../browser/storage.ts'
import { ConfigLink } from '../components/site-link.tsx'
import { useI18n } from '../i18n/i18n-context.tsx'
import type { MainData } from './main-data.ts'
import { MAX_SERVED_PROMOS, PROMO_HIDDEN_KEY } from './promo-keys.ts'
import type { PromoView } from './promo-rules.ts'
import { SiteImage } from '../components/site-image.tsx'

const loadPromoRules = () => import('./promo-rules.ts')

/**
 * The promo pop-up at the bottom right (SPEC §2, §4). The server writes every candidate (switched
 * on, renderable, open while the page is served; the first few) and a head script marks the one
 * this visitor should see before the first paint (promo-head-script.ts), so the pop-up paints with
 * the page, a closed one never flashes, and the HTML is the same for everyone. After hydration the
 * same rule (selectPromo) picks it again and only that one stays. A non-modal region: it takes no
 * focus and traps nothing.
 */
export function PromoPopup() {
  const data = useRouteLoaderData('main') as MainData | undefined
  const promos = data?.promos
  // Until the effect has run, render exactly what the server did.
  const [chosen, setChosen] = useState<{ promo: PromoView | null } | 'as-served'>('as-served')
  useEffect(() => {
    if (!promos || promos.length === 0) return setChosen({ promo: null })
    // The rules load after hydration, and only on a page that carries promos.
    let current = true
    void loadPromoRules().then(
      ({ parseHiddenPromos, selectPromo }) => {
        const now = Date.now()
        if (current)
          setChosen({ promo: selectPromo(promos, now, parseHiddenPromos(readStorage(PROMO_HIDDEN_KEY), now)) })
      },
      () => {},
    )
    return () => {
      current = false
    }
  }, [promos])
  const closer = (promo: PromoView) => {
    if (promo.allowed_close !== 1) return undefined
    return () => {
      void loadPromoRules().then(
        ({ hidePromo, parseHiddenPromos }) => {
          const now = Date.now()
          writeStorage(
            PROMO_HIDDEN_KEY,
            JSON.stringify(hidePromo(parseHiddenPromos(readStorage(PROMO_HIDDEN_KEY), now), promo.title, now)),
          )
          setChosen({ promo: null })
        },
        () => {},
      )
    }
  }
  if (chosen === 'as-served') {
    return (
      <>
        {(promos ?? []).slice(0, MAX_SERVED_PROMOS).map((promo, index) => (
          <PromoCard key={index} promo={promo} servedIndex={index} onClose={closer(promo)} />
        ))}
      </>
    )
  }
  const { promo } = chosen
  if (promo === null) return null
  // The served card keeps its element (same key), so the promo on screen is never replaced.
  return <PromoCard key={promos?.indexOf(promo) ?? -1} promo={promo} servedIndex={undefined} onClose={closer(promo)} />
}

/** `servedIndex`: the card's place among the server's candidates; the stylesheet shows it only when the head script chose that place. */
function PromoCard({
  promo,
  servedIndex,
  onClose,
}: {
  promo: PromoView
  servedIndex: number | undefined
  onClose: (() => void) | undefined
}) {
  const { t } = useI18n()
  const picture = promo.type === 1 && promo.img_url !== ''
  // Eager: a fixed pop-up is on screen the moment it shows, lazy loading would only delay it.
  const body = picture ? (
    <SiteImage
      className="promo__image"
      src={promo.img_url}
      preset="thumbnail"
      alt={promo.title}
      width={640}
      height={360}
      eager
    />
  ) : (
    <>
      <strong className="promo__title" dir="auto">
        {promo.title}
      </strong>
      {promo.description ? (
        <span className="promo__text" dir="auto">
          {promo.description}
        </span>
      ) : null}
    </>
  )
  return (
    <section
      className={`promo promo--${picture ? 'picture' : 'text'}`}
      aria-label={promo.title}
      data-testid="promo"
      data-promo-index={servedIndex}
    >
      {promo.url ? (
        <ConfigLink url={promo.url} className="promo__link">
          {body}
        </ConfigLink>
      ) : (
        <div className="promo__link">{body}</div>
      )}
      {onClose ? (
        <button
          type="button"
          className="promo__close"
          data-needs-app=""
          onClick={onClose}
          aria-label={t('close')}
          title={t('close')}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </section>
  )
}
