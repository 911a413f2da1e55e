/**
 * Pictures of the demo are small inline SVG data URIs: pages look complete offline and no asset server is needed.
 */

const PALETTE = ['#2563eb', '#7c3aed', '#db2777', '#ea580c', '#16a34a', '#0891b2', '#4f46e5', '#ca8a04', '#dc2626', '#0d9488']

/** A stable colour for a text (same text, same colour). */
function colorFor(text: string): string {
  let hash = 0
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return PALETTE[hash % PALETTE.length] ?? '#2563eb'
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function toDataUri(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

export interface PictureOptions { width?: number; height?: number; background?: string; subtitle?: string }

/** A banner or cover: a gradient with a centred title (and an optional smaller subtitle). */
export function picture(title: string, options: PictureOptions = {}): string {
  const { width = 640, height = 360, background = colorFor(title), subtitle } = options
  const size = Math.round(Math.min(width / Math.max(title.length, 8) * 1.3, height / 5))
  const titleY = subtitle ? height / 2 - size * 0.2 : height / 2 + size * 0.35
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/>` +
    `<stop offset="1" stop-color="#111827"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<text x="50%" y="${titleY}" fill="#fff" font-family="system-ui,sans-serif" font-size="${size}" font-weight="700" text-anchor="middle">${escapeXml(title)}</text>` +
    (subtitle
      ? `<text x="50%" y="${titleY + size * 1.1}" fill="#e5e7eb" font-family="system-ui,sans-serif" font-size="${Math.round(size * 0.5)}" text-anchor="middle">${escapeXml(subtitle)}</text>`
      : '') +
    `</svg>`
  return toDataUri(svg)
}

/** A square icon with one or two letters, for logos, site icons and pendants. */
export function icon(text: string, background = colorFor(text), size = 64): string {
  const letters = [...text.trim()].slice(0, /^[\x00-\x7f]/.test(text.trim()) ? 2 : 1).join('')
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${background}"/>` +
    `<text x="32" y="42" fill="#fff" font-family="system-ui,sans-serif" font-size="${letters.length > 1 ? 24 : 30}" font-weight="700" text-anchor="middle">${escapeXml(letters)}</text>` +
    `</svg>`
  return toDataUri(svg)
}

/** A round avatar with the first letter of a name. */
export function avatarFor(name: string): string {
  const letter = [...name.trim()][0]?.toUpperCase() ?? '?'
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">` +
    `<circle cx="40" cy="40" r="40" fill="${colorFor(name)}"/>` +
    `<text x="40" y="52" fill="#fff" font-family="system-ui,sans-serif" font-size="34" font-weight="600" text-anchor="middle">${escapeXml(letter)}</text>` +
    `</svg>`
  return toDataUri(svg)
}

/** A QR-code-like square (not a real code) for "scan to contact" boxes. */
export function qrPlaceholder(seed: string): string {
  let bits = 0
  for (const char of seed) bits = (bits * 33 + (char.codePointAt(0) ?? 0)) >>> 0
  let cells = ''
  for (let y = 0; y < 21; y++) {
    for (let x = 0; x < 21; x++) {
      bits = (bits * 1103515245 + 12345) >>> 0
      const finder = (x < 7 && y < 7) || (x > 13 && y < 7) || (x < 7 && y > 13)
      const on = finder ? (x % 6 === 0 || y % 6 === 0 || (x % 7 > 1 && x % 7 < 5 && y % 7 > 1 && y % 7 < 5)) : (bits >>> 16) % 2 === 0
      if (on) cells += `<rect x="${x}" y="${y}" width="1" height="1"/>`
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="168" height="168" viewBox="-2 -2 25 25"><rect x="-2" y="-2" width="25" height="25" fill="#fff"/><g fill="#111827">${cells}</g></svg>`
  return toDataUri(svg)
}
