import { useCallback, useState, type CSSProperties } from 'react'
import { toImageSources, type DisplayPreset } from '../rules/image-sources.ts'
import { useRootData } from './site-context.tsx'

/** Below this width a placeholder shows nothing worth its request (icons, logos, avatars). */
const PLACEHOLDER_MIN_WIDTH = 120

export interface SiteImageProps {
  /** The original address (checked safe for `src`). */
  src: string
  preset: DisplayPreset
  /** The box the layout gives the image, in CSS pixels: reserves its space, so nothing shifts. */
  width: number
  height: number
  alt: string
  className?: string
  /** CSS `sizes` for a fluid image (width descriptors); fixed-size images leave it out (1x, 2x). */
  sizes?: string
  /** The page's LCP candidate: fetched at once with high priority. */
  priority?: boolean
  /** Above the fold but not the LCP (a header logo): not lazy, normal priority. */
  eager?: boolean
}

/**
 * A content image through the optimising endpoint when it is on (SPEC §3 presets, §9 densities and
 * placeholder): `srcset` for density 1 and 2, explicit size, lazy below the fold, and the blurred
 * placeholder as a background until the image has loaded (then dropped, so a transparent image
 * does not show it through).
 */
export function SiteImage({
  src,
  preset,
  width,
  height,
  alt,
  className,
  sizes,
  priority = false,
  eager = false,
}: SiteImageProps) {
  const { site } = useRootData()
  const sources = toImageSources({
    src,
    preset,
    optimize: site.imageOptimizer,
    sizes,
    placeholder: width >= PLACEHOLDER_MIN_WIDTH,
  })
  // Which address has loaded: a page that reuses this element for another image shows that one's
  // placeholder again until it loads.
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null)
  const loaded = loadedSrc === sources.src
  // An image that finished before hydration fires no load event React sees: check on mount.
  const mounted = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth > 0) setLoadedSrc(image.getAttribute('src'))
  }, [])
  const style: CSSProperties | undefined =
    sources.placeholder && !loaded
      ? { backgroundImage: `url("${sources.placeholder}")`, backgroundSize: '100% 100%' }
      : undefined
  return (
    <img
      ref={sources.placeholder ? mounted : undefined}
      className={className}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority || eager ? undefined : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      style={style}
      onLoad={sources.placeholder ? (event) => setLoadedSrc(event.currentTarget.getAttribute('src')) : undefined}
    />
  )
}
