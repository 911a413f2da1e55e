import { useState } from 'react'
import type { LandCodeView, LandModuleView, LandVideoView } from '../../data/content-data.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { AnyLink } from './any-link.tsx'
import { LandButton } from './land-buttons.tsx'
import { isoDate } from '../../i18n/formatters.ts'
import { SiteImage } from '../../components/site-image.tsx'

/** Land modules that show a list of items (everything but the overviews, title, form and html). */

type Of<T extends LandModuleView['type']> = Extract<LandModuleView, { type: T }>

export function LandGallery({ module }: { module: Of<'carousel' | 'image_list'> }) {
  // The carousel scrolls sideways with CSS scroll snap (no script); the image list is a grid.
  return (
    <ul
      className={module.type === 'carousel' ? 'land-carousel' : 'land-images'}
      tabIndex={module.type === 'carousel' ? 0 : undefined}
    >
      {module.items.map((item, index) => {
        const figure = (
          <figure className="land-figure">
            {module.type === 'carousel' ? (
              <SiteImage
                src={item.image}
                preset="cover"
                alt={item.title}
                width={640}
                height={400}
                sizes="(max-width: 768px) 100vw, 640px"
                eager={index === 0}
              />
            ) : (
              <SiteImage src={item.image} preset="thumbnail" alt={item.title} width={640} height={400} />
            )}
            {item.title ? <figcaption>{item.title}</figcaption> : null}
          </figure>
        )
        return (
          <li key={index}>
            {item.url ? (
              <AnyLink to={item.url} className="land-figure-link">
                {figure}
              </AnyLink>
            ) : (
              figure
            )}
          </li>
        )
      })}
    </ul>
  )
}

export function LandVideo({ video }: { video: LandVideoView }) {
  return (
    <figure className="land-video">
      {/* biome-ignore lint/a11y/useMediaCaption: the site's configuration offers no caption track for its videos; the title labels it */}
      <video
        src={video.videoUrl}
        poster={video.poster ?? undefined}
        controls
        playsInline
        preload="none"
        aria-label={video.title || undefined}
      />
      {video.title ? <figcaption>{video.title}</figcaption> : null}
    </figure>
  )
}

export function LandVideoCarousel({ items }: { items: LandVideoView[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus, or keyboard users cannot scroll it (axe: scrollable-region-focusable)
    <ul className="land-carousel land-carousel--video" tabIndex={0}>
      {items.map((video, index) => (
        <li key={index}>
          <LandVideo video={video} />
        </li>
      ))}
    </ul>
  )
}

export function LandSteps({ module }: { module: Of<'step'> }) {
  return (
    <ol className="land-steps">
      {module.items.map((item, index) => (
        <li key={index} className="land-step card">
          <span className="land-step__number" aria-hidden="true">
            {index + 1}
          </span>
          {item.image ? (
            <SiteImage
              src={item.image}
              preset="thumbnail"
              alt=""
              width={640}
              height={400}
              sizes="(max-width: 640px) 100vw, 320px"
            />
          ) : null}
          <h3>{item.title}</h3>
          {item.description ? <p className="muted">{item.description}</p> : null}
        </li>
      ))}
    </ol>
  )
}

export function LandFaq({ module }: { module: Of<'faq'> }) {
  return (
    <div className="land-faq">
      {module.items.map((item, index) => (
        <details key={index} className="land-faq__item">
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </div>
  )
}

export function LandSocial({ module }: { module: Of<'social_media'> }) {
  return (
    <ul className="land-social">
      {module.items.map((item, index) => (
        <li key={index}>
          <AnyLink to={item.url} className="land-social__link">
            {item.icon ? <SiteImage src={item.icon} preset="avatar" alt="" width={28} height={28} /> : null}
            <span>{item.name}</span>
          </AnyLink>
        </li>
      ))}
    </ul>
  )
}

export function LandCodes({ module }: { module: Of<'useful_code' | 'invalid_code'> }) {
  const expired = module.type === 'invalid_code'
  return (
    <ul className={expired ? 'land-codes land-codes--expired' : 'land-codes'}>
      {module.items.map((item, index) => (
        <li key={index}>
          <LandCode item={item} expired={expired} />
        </li>
      ))}
    </ul>
  )
}

function LandCode({ item, expired }: { item: LandCodeView; expired: boolean }) {
  const { t, format } = useI18n()
  const [copied, setCopied] = useState(false)
  const copy = () => {
    void navigator.clipboard?.writeText(item.code).then(
      () => {
        setCopied(true)
        setTimeout(() => setCopied(false), 2000)
      },
      () => {},
    )
  }
  return (
    <div className="land-code card">
      <div className="land-code__row">
        {expired ? (
          <del>
            <code className="land-code__value">{item.code}</code>
          </del>
        ) : (
          <code className="land-code__value">{item.code}</code>
        )}
        {expired ? null : (
          <button type="button" className="button button--secondary land-code__copy" onClick={copy} aria-live="polite">
            {copied ? t('copied') : t('copy')}
          </button>
        )}
      </div>
      {item.description ? <p>{item.description}</p> : null}
      {item.expiresAt !== null && item.expiresAt > 0 ? (
        <p className="muted">
          <time dateTime={isoDate(item.expiresAt)}>{t('expiresAt', { date: format.date(item.expiresAt) })}</time>
        </p>
      ) : null}
    </div>
  )
}

export function LandFeatures({ module }: { module: Of<'superiority' | 'superiority_image'> }) {
  if (module.type === 'superiority_image') {
    return (
      <ul className="land-features grid">
        {module.items.map((item, index) => (
          <li key={index} className="land-feature land-feature--image card">
            {(item.image ?? item.icon) ? (
              <SiteImage
                src={(item.image ?? item.icon) as string}
                preset="thumbnail"
                alt=""
                width={600}
                height={400}
                sizes="(max-width: 640px) 100vw, 360px"
              />
            ) : null}
            <div>
              <h3>{item.title}</h3>
              {item.description ? <p className="muted">{item.description}</p> : null}
            </div>
          </li>
        ))}
      </ul>
    )
  }
  return (
    <ul className="land-features grid">
      {module.items.map((item, index) => (
        <li key={index} className="land-feature card">
          {(item.icon ?? item.image) ? (
            <SiteImage
              className="land-feature__icon"
              src={(item.icon ?? item.image) as string}
              preset="avatar"
              alt=""
              width={48}
              height={48}
            />
          ) : null}
          <h3>{item.title}</h3>
          {item.description ? <p className="muted">{item.description}</p> : null}
        </li>
      ))}
    </ul>
  )
}

export function LandComments({ module }: { module: Of<'comment'> }) {
  return (
    <ul className="land-comments grid">
      {module.items.map((item, index) => (
        <li key={index}>
          <figure className="land-comment card">
            {item.rating !== null ? (
              <span className="land-comment__rating" role="img" aria-label={`${item.rating}/5`}>
                {'★'.repeat(item.rating)}
                <span className="land-comment__rating-rest">{'★'.repeat(5 - item.rating)}</span>
              </span>
            ) : null}
            <blockquote>{item.content}</blockquote>
            <figcaption className="land-comment__author">
              {item.avatar ? <SiteImage src={item.avatar} preset="avatar" alt="" width={40} height={40} /> : null}
              <span>{item.name}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  )
}

export function LandPrices({ module }: { module: Of<'price'> }) {
  return (
    <ul className="land-prices">
      {module.plans.map((plan, index) => (
        <li key={index} className="land-price card">
          <h3>{plan.name}</h3>
          <p className="land-price__amount">
            <span className="land-price__value">{plan.price}</span>
            {/* A unit such as "$ / month" brings its own separator; a bare "month" gets one. */}
            {plan.unit ? (
              <span className="muted"> {plan.unit.includes('/') ? plan.unit : `/ ${plan.unit}`}</span>
            ) : null}
          </p>
          {plan.description ? <p className="muted">{plan.description}</p> : null}
          {plan.features.length > 0 ? (
            <ul className="land-price__features">
              {plan.features.map((feature, i) => (
                <li key={i}>{feature}</li>
              ))}
            </ul>
          ) : null}
          {plan.button ? (
            <div className="land-price__action">
              <LandButton button={plan.button} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
