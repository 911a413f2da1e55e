/**
 * What an entry's `icon` value shows (pendant items, menu entries). Site configs hold either an image
 * address or the name of an icon (`help`, `wechat`, `top`); a name used as `src` would be requested
 * as a relative address (`/help`) and fail. So an image only for an absolute http(s) URL or a site
 * path to an image file, a built-in icon for a known name, the default marker for anything else.
 */
import { isSitePath, parseHttpUrl } from './safe-url.ts'

// The icons the front end draws itself (shared/components/entry-icon.tsx).
const BUILTIN_ICONS = [
  'help',
  'wechat',
  'qq',
  'mail',
  'phone',
  'service',
  'feedback',
  'qrcode',
  'home',
  'search',
  'top',
] as const

export type BuiltinIcon = (typeof BUILTIN_ICONS)[number]

export type IconChoice = { kind: 'image'; src: string } | { kind: 'builtin'; name: BuiltinIcon } | { kind: 'marker' }

// Other spellings site configs use for the same icons.
const ALIASES: ReadonlyMap<string, BuiltinIcon> = new Map([
  ['weixin', 'wechat'],
  ['wx', 'wechat'],
  ['email', 'mail'],
  ['tel', 'phone'],
  ['telephone', 'phone'],
  ['kefu', 'service'],
  ['customer_service', 'service'],
  ['customer-service', 'service'],
  ['qr', 'qrcode'],
  ['qr-code', 'qrcode'],
  ['qr_code', 'qrcode'],
  ['back-top', 'top'],
  ['backtop', 'top'],
  ['back_top', 'top'],
  ['back-to-top', 'top'],
  ['question', 'help'],
])

const IMAGE_PATH = /\.(?:png|jpe?g|gif|webp|avif|svg|ico|bmp)$/i

function builtinOf(name: string): BuiltinIcon | null {
  const key = name.toLowerCase()
  if ((BUILTIN_ICONS as readonly string[]).includes(key)) return key as BuiltinIcon
  return ALIASES.get(key) ?? null
}

/** The image, built-in icon or default marker an `icon` value stands for (trimmed; empty or not text: the marker). */
export function iconOf(value: unknown): IconChoice {
  if (typeof value !== 'string') return { kind: 'marker' }
  const text = value.trim()
  if (text === '') return { kind: 'marker' }
  if (parseHttpUrl(text) !== null) return { kind: 'image', src: text }
  if (isSitePath(text) && IMAGE_PATH.test(text.replace(/[?#].*$/, ''))) return { kind: 'image', src: text }
  const name = builtinOf(text)
  return name === null ? { kind: 'marker' } : { kind: 'builtin', name }
}
