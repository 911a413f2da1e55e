/**
 * The vector pictures of the demo (logos, icons, avatars, QR-like squares), drawn from the few
 * values their address carries (`/media/icon/…`, see media-path.ts): stateless, so any instance
 * answers any address the same way.
 */

const PALETTE = [
  '#2563eb',
  '#7c3aed',
  '#db2777',
  '#ea580c',
  '#16a34a',
  '#0891b2',
  '#4f46e5',
  '#ca8a04',
  '#dc2626',
  '#0d9488',
]

/** A stable colour for a text (same text, same colour). */
export function colorFor(text: string): string {
  let hash = 0
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return PALETTE[hash % PALETTE.length] ?? '#2563eb'
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** The letters an icon shows: two for Latin text, one otherwise (two CJK characters do not fit). */
export function iconLetters(text: string): string {
  const trimmed = text.trim()
  return [...trimmed].slice(0, /^[\x00-\x7f]/.test(trimmed) ? 2 : 1).join('')
}

/** A rounded square with one or two letters, `size` pixels wide. `background` is `#rrggbb`. */
export function iconSvg(letters: string, background: string, size: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${background}"/>` +
    `<text x="32" y="42" fill="#fff" font-family="system-ui,sans-serif" font-size="${[...letters].length > 1 ? 24 : 30}" font-weight="700" text-anchor="middle">${escapeXml(letters)}</text>` +
    `</svg>`
  )
}

/** A round avatar with the first letter of a name. */
export function avatarSvg(name: string): string {
  const letter = [...name.trim()][0]?.toUpperCase() ?? '?'
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">` +
    `<circle cx="40" cy="40" r="40" fill="${colorFor(name)}"/>` +
    `<text x="40" y="52" fill="#fff" font-family="system-ui,sans-serif" font-size="34" font-weight="600" text-anchor="middle">${escapeXml(letter)}</text>` +
    `</svg>`
  )
}

/** A QR-code-like square (not a real code) for "scan to contact" boxes. */
export function qrSvg(seed: string): string {
  let bits = 0
  for (const char of seed) bits = (bits * 33 + (char.codePointAt(0) ?? 0)) >>> 0
  let cells = ''
  for (let y = 0; y < 21; y++) {
    for (let x = 0; x < 21; x++) {
      bits = (bits * 1103515245 + 12345) >>> 0
      const finder = (x < 7 && y < 7) || (x > 13 && y < 7) || (x < 7 && y > 13)
      const on = finder
        ? x % 6 === 0 || y % 6 === 0 || (x % 7 > 1 && x % 7 < 5 && y % 7 > 1 && y % 7 < 5)
        : (bits >>> 16) % 2 === 0
      if (on) cells += `<rect x="${x}" y="${y}" width="1" height="1"/>`
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="168" height="168" viewBox="-2 -2 25 25"><rect x="-2" y="-2" width="25" height="25" fill="#fff"/><g fill="#111827">${cells}</g></svg>`
}
