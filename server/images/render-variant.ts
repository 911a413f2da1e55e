import type { Sharp } from 'sharp'
import { IMAGE_PRESETS, type ImageDensity, type ImagePreset } from '../../shared/rules/image-presets.ts'
import { sourceFailed } from './image-errors.ts'
import type { SourceFormat } from './sniff-format.ts'

/**
 * What the browser accepts, reduced to the choices that change the output: AVIF (then the smaller
 * of AVIF and WebP is sent), WebP, or neither (JPEG, or PNG when the image has transparency).
 */
export type OutputClass = 'avif' | 'webp' | 'legacy'

export interface RenderedVariant {
  body: Buffer
  contentType: string
  width: number
  height: number
}

export interface RenderOptions {
  preset: ImagePreset
  density: ImageDensity
  output: OutputClass
  /** Decompression-bomb guard: sources with more pixels are refused before decoding. */
  maxPixels: number
  /** AVIF is tried only when true (it costs several times the CPU of WebP). */
  avif: boolean
}

type SharpModule = Awaited<typeof import('sharp')>['default']
let loading: Promise<SharpModule> | undefined

/**
 * sharp and libvips, loaded with the first image to resize: about 19 MiB of RSS that an instance
 * with the optimiser off, or whose images all come from the CDN and the image cache, never carries.
 * A failed load (a missing native build) is tried again with the next image.
 *
 * libvips can read many formats (SVG, PDF, TIFF, FITS, …), each a parser exposed to hostile input:
 * only the raster loaders the optimiser needs stay enabled, process-wide (nothing else here uses
 * sharp). libvips' own operation cache (up to 50 MiB by default) is turned off: every variant is
 * encoded once and then served from the image cache, which has its own byte bound, so libvips' copy
 * would only hold decoded sources nobody asks for again.
 */
function loadSharp(): Promise<SharpModule> {
  if (loading !== undefined) return loading
  const started = import('sharp').then(
    ({ default: sharp }) => {
      sharp.cache(false)
      sharp.block({ operation: ['VipsForeignLoad'] })
      sharp.unblock({
        operation: [
          'VipsForeignLoadPngBuffer',
          'VipsForeignLoadJpegBuffer',
          'VipsForeignLoadWebpBuffer',
          'VipsForeignLoadNsgifBuffer',
          'VipsForeignLoadHeifBuffer',
        ],
      })
      return sharp
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  loading = started
  return started
}

/**
 * Resizes a raster source to a preset (SPEC §3): avatar cover-cropped to a square, thumbnail and
 * cover to a width, the placeholder to 10×10 at quality 50 with blur 3 (SPEC §9). Density 2 doubles
 * the size; nothing is ever enlarged past the source. EXIF orientation is applied; metadata is dropped.
 */
export async function renderVariant(
  source: Buffer,
  format: Exclude<SourceFormat, 'svg'>,
  options: RenderOptions,
): Promise<RenderedVariant> {
  const sharp = await loadSharp()
  const input = { limitInputPixels: options.maxPixels, failOn: 'error' as const }
  let width: number
  let height: number
  let hasAlpha: boolean
  try {
    const meta = await sharp(source, input).metadata()
    if (meta.format !== (format === 'avif' ? 'heif' : format))
      throw new Error(`decoder reports ${meta.format}, bytes say ${format}`)
    ;({ width, height } = meta.autoOrient)
    hasAlpha = meta.hasAlpha
  } catch (error) {
    throw sourceFailed('the source image cannot be read', error)
  }
  if (width * height > options.maxPixels)
    throw sourceFailed(`the source has ${width}×${height} pixels, more than ${options.maxPixels}`)

  try {
    const pipeline = sharp(source, input).autoOrient()
    const spec = IMAGE_PRESETS[options.preset]
    const legacyFormat = hasAlpha ? 'png' : 'jpeg'
    if (options.preset === 'placeholder') {
      const blurred = pipeline.resize(spec.width, IMAGE_PRESETS.placeholder.height, { fit: 'fill' }).blur(3)
      return encode(blurred, options.output === 'legacy' ? legacyFormat : 'webp', 50)
    }
    if (options.preset === 'avatar') {
      const side = Math.min(spec.width * options.density, width, height)
      pipeline.resize(side, side, { fit: 'cover', position: 'centre' })
    } else {
      pipeline.resize({ width: spec.width * options.density, withoutEnlargement: true })
    }
    if (options.output === 'legacy') return encode(pipeline, legacyFormat)
    const webp = await encode(pipeline.clone(), 'webp')
    if (options.output !== 'avif' || !options.avif) return webp
    const avif = await encode(pipeline, 'avif')
    return avif.body.length < webp.body.length ? avif : webp
  } catch (error) {
    throw sourceFailed('the source image cannot be converted', error)
  }
}

async function encode(
  pipeline: Sharp,
  format: 'webp' | 'avif' | 'jpeg' | 'png',
  quality?: number,
): Promise<RenderedVariant> {
  const encoder =
    format === 'webp'
      ? pipeline.webp({ quality: quality ?? 75 })
      : format === 'avif'
        ? pipeline.avif({ quality: quality ?? 50, effort: 2 })
        : format === 'jpeg'
          ? pipeline.jpeg({ quality: quality ?? 80, mozjpeg: true })
          : pipeline.png({ palette: true, effort: 4 })
  const { data, info } = await encoder.toBuffer({ resolveWithObject: true })
  return { body: data, contentType: `image/${format}`, width: info.width, height: info.height }
}
