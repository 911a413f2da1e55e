import { useId } from 'react'
import type { LandButtonView, LandMedia } from '../../data/content-data.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { AnyLink } from './any-link.tsx'
import { SiteImage } from '../../components/site-image.tsx'

/** A row of land buttons. */
export function LandButtons({ buttons }: { buttons: LandButtonView[] }) {
  if (buttons.length === 0) return null
  return (
    <div className="land-buttons">
      {buttons.map((button, index) => (
        <LandButton key={index} button={button} />
      ))}
    </div>
  )
}

/**
 * One button by type: 0 a link; 1 a link that shows its image on hover and focus (e.g. a QR code);
 * 2 a button that opens its image in a popover; 3 "favourite", which browsers only allow by keyboard,
 * so it opens a popover with the shortcut. Style 1 is primary, 2 secondary.
 */
export function LandButton({ button }: { button: LandButtonView }) {
  const { t } = useI18n()
  const popoverId = useId()
  const className = button.style === 2 ? 'button button--secondary' : 'button'
  if (button.type === 2 || button.type === 3) {
    return (
      <span className="land-button">
        <button type="button" className={className} popoverTarget={popoverId}>
          {button.text}
        </button>
        <span id={popoverId} popover="auto" className="land-popover">
          {button.type === 2 && button.popupImage ? (
            <SiteImage src={button.popupImage} preset="thumbnail" alt={button.text} width={400} height={240} />
          ) : null}
          {button.type === 3 ? (
            <span className="land-popover__keys">
              <span>
                <kbd>Ctrl</kbd> + <kbd>D</kbd>
              </span>
              <span>
                <kbd>⌘</kbd> + <kbd>D</kbd>
              </span>
            </span>
          ) : null}
          <button type="button" className="land-popover__close" popoverTarget={popoverId} popoverTargetAction="hide">
            {t('close')}
          </button>
        </span>
      </span>
    )
  }
  if (button.type === 1 && button.popupImage) {
    // Without a link the button still takes focus, so keyboard users can reveal the image too.
    const trigger = button.url ? (
      <AnyLink to={button.url} className={className}>
        {button.text}
      </AnyLink>
    ) : (
      <button type="button" className={className}>
        {button.text}
      </button>
    )
    return (
      <span className="land-button land-button--hover">
        {trigger}
        <span className="land-button__hover-card">
          <SiteImage src={button.popupImage} preset="thumbnail" alt={button.text} width={168} height={168} />
        </span>
      </span>
    )
  }
  // The loader drops link buttons without a target; a hover button whose image is missing is a plain link.
  return button.url ? (
    <AnyLink to={button.url} className={className}>
      {button.text}
    </AnyLink>
  ) : null
}

/** The image or video of an overview module. */
/** `priority` marks the page's LCP candidate (the banner's image). */
export function LandMediaView({ media, alt, priority = false }: { media: LandMedia; alt: string; priority?: boolean }) {
  if (media.type === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: the site's configuration offers no caption track for its videos; `alt` labels it
      <video
        className="land-media"
        src={media.url}
        controls
        playsInline
        preload="metadata"
        aria-label={alt || undefined}
      />
    )
  }
  return (
    <SiteImage
      className="land-media"
      src={media.url}
      preset="cover"
      alt={alt}
      width={1200}
      height={720}
      sizes="(max-width: 768px) 100vw, 640px"
      priority={priority}
      eager
    />
  )
}
