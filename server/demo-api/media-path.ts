import { MEDIA_CATALOG } from './media/catalog.ts'

/**
 * Addresses of the demo's media, one rule for writing and reading them. The data holds references
 * (`demo-media:<path>`), because it is built before the API knows the address it is reached at;
 * every JSON answer turns them into `<origin of the request>/media/<path>` (see resolveMediaRefs).
 */
export const MEDIA_REF_PREFIX = 'demo-media:'

/** Where the demo API serves its media. */
export const MEDIA_ROUTE = '/media/'

export type MediaAsset =
  /** A committed raster picture or clip of server/demo-api/media/ (content-hashed name). */
  | { kind: 'file'; file: string }
  /** A rounded-square icon with up to two letters; `background` is six hex digits. */
  | { kind: 'icon'; letters: string; background: string; size: number }
  | { kind: 'avatar'; name: string }
  | { kind: 'qr'; seed: string }

const FILES: ReadonlySet<string> = new Set(Object.values(MEDIA_CATALOG).map((entry) => entry.file))
const MAX_TEXT = 40

/** The path of an asset below `/media/`. */
export function mediaPath(asset: MediaAsset): string {
  switch (asset.kind) {
    case 'file':
      return asset.file
    case 'icon':
      return `icon/${asset.background}/${asset.size}/${encodeURIComponent(asset.letters)}.svg`
    case 'avatar':
      return `avatar/${encodeURIComponent(asset.name)}.svg`
    case 'qr':
      return `qr/${encodeURIComponent(asset.seed)}.svg`
  }
}

/** The reference the demo data stores for an asset. */
export function toMediaRef(asset: MediaAsset): string {
  return `${MEDIA_REF_PREFIX}${mediaPath(asset)}`
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/**
 * The asset a raw (still percent-encoded) path below `/media/` names, or null for anything else:
 * unknown files, malformed encoding, over-long texts, colours and sizes out of range.
 */
export function parseMediaPath(path: string): MediaAsset | null {
  if (FILES.has(path)) return { kind: 'file', file: path }
  const parts = path.split('/')
  const last = parts.at(-1) ?? ''
  if (!last.endsWith('.svg')) return null
  const text = decode(last.slice(0, -'.svg'.length))
  if (text === null || text.trim() === '' || [...text].length > MAX_TEXT) return null
  const [kind, background, size] = parts
  if (
    kind === 'icon' &&
    parts.length === 4 &&
    /^[0-9a-f]{6}$/i.test(background ?? '') &&
    /^[1-9]\d{1,2}$/.test(size ?? '')
  ) {
    const pixels = Number(size)
    if (pixels < 16 || pixels > 512 || [...text].length > 2) return null
    return { kind: 'icon', letters: text, background: (background ?? '').toLowerCase(), size: pixels }
  }
  if (kind === 'avatar' && parts.length === 2) return { kind: 'avatar', name: text }
  if (kind === 'qr' && parts.length === 2) return { kind: 'qr', seed: text }
  return null
}

/**
 * A JSON text with every media reference made absolute against `origin`. References are whole
 * string values, so each starts right after a quote and nothing else can match.
 */
export function resolveMediaRefs(json: string, origin: string): string {
  return json.replaceAll(`"${MEDIA_REF_PREFIX}`, `"${origin}${MEDIA_ROUTE}`)
}
