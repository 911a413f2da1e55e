import { parseHttpUrl } from './safe-url.ts'
import { IMAGE_DENSITIES, IMAGE_ENDPOINT, IMAGE_PRESETS, type ImageDensity, type ImagePreset } from './image-presets.ts'

/** The presets a page shows; the placeholder is derived from the image, never asked for directly. */
export type DisplayPreset = Exclude<ImagePreset, 'placeholder'>

export interface ImageSourcesInput {
  /** The original image address (already checked safe for `src`). */
  src: string
  preset: DisplayPreset
  /** Whether the optimising endpoint is on (the public site's `imageOptimizer`). */
  optimize: boolean
  /**
   * CSS `sizes` of a fluid image: the candidates then carry width descriptors (`320w, 640w`) and the
   * browser picks by layout width and density. Without it, a fixed-size image gets `1x, 2x`.
   */
  sizes?: string
  /** Also give the blurred placeholder (worth it for large images only: it costs a request). */
  placeholder?: boolean
}

export interface ImageSources {
  src: string
  srcSet?: string
  sizes?: string
  /** The blurred 10×10 placeholder, shown as the element's background until the image loads. */
  placeholder?: string
}

/** The endpoint address of one variant: `/_img/cover?url=…&dpr=2` (the placeholder has no density). */
export function optimizedImageUrl(source: string, preset: ImagePreset, density: ImageDensity = 1): string {
  const url = `${IMAGE_ENDPOINT}/${preset}?url=${encodeURIComponent(source)}`
  return preset === 'placeholder' ? url : `${url}&dpr=${density}`
}

/**
 * Whether an address goes through the endpoint: absolute http(s) raster images only. Inline
 * `data:` images, same-site paths and SVG (vector: nothing to resize, and the endpoint passes it
 * through only from allowed origins) keep their original address.
 */
export function isOptimizable(source: string): boolean {
  const url = parseHttpUrl(source)
  return url !== null && !/\.svgz?$/i.test(url.pathname)
}

/**
 * `src`, `srcset`, `sizes` and placeholder of one content image (SPEC §3 presets, §9 densities
 * 1 and 2 and the 10×10 placeholder).
 */
export function toImageSources({ src, preset, optimize, sizes, placeholder = false }: ImageSourcesInput): ImageSources {
  if (!optimize || !isOptimizable(src)) return { src }
  const width = IMAGE_PRESETS[preset].width
  const candidates = IMAGE_DENSITIES.map(
    (density) => `${optimizedImageUrl(src, preset, density)} ${sizes ? `${width * density}w` : `${density}x`}`,
  )
  return {
    src: optimizedImageUrl(src, preset, 1),
    srcSet: candidates.join(', '),
    ...(sizes ? { sizes } : {}),
    ...(placeholder ? { placeholder: optimizedImageUrl(src, 'placeholder') } : {}),
  }
}
