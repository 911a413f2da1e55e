import { MEDIA_CATALOG, type MediaKey } from '../media/catalog.ts'
import { toMediaRef } from '../media-path.ts'
import { colorFor, iconLetters } from '../svg-art.ts'

/**
 * The pictures and clips the demo data points at, as media references (media-path.ts): raster art
 * and screenshots from the committed files, icons, avatars and QR squares drawn as SVG on request.
 * The raster art has no text in it, so a long title is never clipped; the pages print the title.
 */

function keysStartingWith(prefix: string): MediaKey[] {
  return (Object.keys(MEDIA_CATALOG) as MediaKey[]).filter((key) => key.startsWith(prefix))
}

const VARIANTS = {
  wide: keysStartingWith('art-wide-'),
  tall: keysStartingWith('art-tall-'),
  banner: keysStartingWith('art-banner-'),
  screen: keysStartingWith('screen-'),
} as const

function hashOf(text: string): number {
  let hash = 2166136261
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619) >>> 0
  return hash
}

function pick(family: keyof typeof VARIANTS, seed: string): string {
  const keys = VARIANTS[family]
  const key = keys[hashOf(seed) % keys.length] ?? keys[0]
  if (!key) throw new Error(`the media catalog has no ${family} pictures`)
  return toMediaRef({ kind: 'file', file: MEDIA_CATALOG[key].file })
}

/**
 * Art for a cover, thumbnail or promo, the same for the same seed: `wide` 16:9 (1280×720),
 * `tall` 4:5 (640×800), `banner` about 5:1 (1920×400).
 */
export function picture(seed: string, shape: 'wide' | 'tall' | 'banner' = 'wide'): string {
  return pick(shape, seed)
}

/** A product screenshot (an app window, 1200×720), the same for the same seed. */
export function screenshot(seed: string): string {
  return pick('screen', seed)
}

/** A square icon with one or two letters, for logos, site icons and pendants. */
export function icon(text: string, background = colorFor(text), size = 64): string {
  return toMediaRef({
    kind: 'icon',
    letters: iconLetters(text),
    background: background.replace(/^#/, '').toLowerCase(),
    size,
  })
}

/** A round avatar with the first letter of a name. */
export function avatarFor(name: string): string {
  return toMediaRef({ kind: 'avatar', name: [...name.trim()].slice(0, 40).join('') || '?' })
}

/** A QR-code-like square (not a real code) for "scan to contact" boxes. */
export function qrPlaceholder(seed: string): string {
  return toMediaRef({ kind: 'qr', seed })
}

/** One of the two short silent demo clips (WebM, 640×360) with its first frame as the poster. */
export function demoClip(n: 0 | 1): { video_url: string; poster: string } {
  const clip = n === 0 ? MEDIA_CATALOG['clip-0'] : MEDIA_CATALOG['clip-1']
  const poster = n === 0 ? MEDIA_CATALOG['clip-0-poster'] : MEDIA_CATALOG['clip-1-poster']
  return {
    video_url: toMediaRef({ kind: 'file', file: clip.file }),
    poster: toMediaRef({ kind: 'file', file: poster.file }),
  }
}
