import { useId } from 'react'
import type { LandButtonView, LandMedia } from '../../data/content-data.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'
import { AnyLink } from './any-link.tsx'

/** A row of land buttons. */
export function LandButtons({ buttons }: { buttons: LandButtonView[] }) {
  if (buttons.length === 0) return null
  return (
    <div className="land-buttons">
      {buttons.map((button, index) => <LandButton key={index} button={button} />)}
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
        <button type="button" className={className} popoverTarget={popoverId}>{button.text}</button>
        <span id={popoverId} popover="auto" className="land-popover">
          {button.type === 2 && button.popupImage ? <img src={button.popupImage} alt={button.text} width={400} height={240} /> : null}
          {button.type === 3 ? (
            <span className="land-popover__keys">
              <span><kbd>Ctrl</kbd> + <kbd>D</kbd></span>
              <span><kbd>⌘</kbd> + <kbd>D</kbd></span>
            </span>
          ) : null}
          <button type="button" className="land-popover__close" popoverTarget={popoverId} popoverTargetAction="hide">{t('close')}</button>
        </span>
      </span>
    )
  }
  if (button.type === 1 && button.popupImage) {
    // Without a link the button still takes focus, so keyboard users can reveal the image too.
    const trigger = button.url
      ? <AnyLink to={button.url} className={className}>{button.text}</AnyLink>
      : <button type="button" className={className}>{button.text}</button>
    return (
      <span className="land-button land-button--hover">
        {trigger}
        <span className="land-button__hover-card">
          <img src={button.popupImage} alt={button.text} width={168} height={168} loading="lazy" />
        </span>
      </span>
    )
  }
  // The loader drops link buttons without a target; a hover button whose image is missing is a plain link.
  return button.url ? <AnyLink to={button.url} className={className}>{button.text}</AnyLink> : null
}

/** The image or video of an overview module. */
export function LandMediaView({ media, alt }: { media: LandMedia; alt: string }) {
  if (media.type === 'video') {
    return <video className="land-media" src={media.url} controls playsInline preload="metadata" aria-label={alt || undefined} />
  }
  return <img className="land-media" src={media.url} alt={alt} width={1200} height={720} />
}
