// Draws the raster pictures and the video clips of the demo sites once, into this folder, and writes
// `catalog.ts` naming them. Run by hand when the art changes (`npm run demo-media`);
// it needs `ffmpeg` on the PATH for the clips. The server never runs it: it serves the committed files.
//
// The art carries no text on purpose: the pages print titles next to the pictures, and text drawn
// into a picture is clipped or illegible once a card crops or shrinks it.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'

const here = path.dirname(new URL(import.meta.url).pathname)
const PALETTE = ['#2563eb', '#7c3aed', '#db2777', '#ea580c', '#16a34a', '#0891b2', '#4f46e5', '#ca8a04', '#dc2626', '#0d9488']

// A small seeded generator, so the same script draws the same files.
function seeded(seed) {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/** Abstract art: a diagonal gradient with soft circles, rings and tilted cards. */
function artSvg(width, height, variant) {
  const random = seeded(variant * 7919 + width)
  const from = PALETTE[variant % PALETTE.length]
  const to = PALETTE[(variant * 3 + 4) % PALETTE.length]
  const unit = Math.min(width, height)
  let shapes = ''
  for (let i = 0; i < 5; i++) {
    const r = unit * (0.15 + random() * 0.35)
    shapes += `<circle cx="${random() * width}" cy="${random() * height}" r="${r}" fill="#fff" fill-opacity="${0.06 + random() * 0.1}"/>`
  }
  for (let i = 0; i < 2; i++) {
    const r = unit * (0.1 + random() * 0.2)
    shapes += `<circle cx="${random() * width}" cy="${random() * height}" r="${r}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="${unit * 0.012}"/>`
  }
  for (let i = 0; i < 3; i++) {
    const w = unit * (0.25 + random() * 0.3)
    const h = w * (0.55 + random() * 0.3)
    const x = random() * (width - w)
    const y = random() * (height - h)
    shapes += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${unit * 0.03}" fill="#fff" fill-opacity="${0.1 + random() * 0.12}" transform="rotate(${(random() - 0.5) * 30} ${x + w / 2} ${y + h / 2})"/>`
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="v" cx="0.3" cy="0.2" r="1"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>${shapes}<rect width="100%" height="100%" fill="url(#v)"/></svg>`
  )
}

/** An app window: title bar, sidebar and content drawn as bars and cards (a product screenshot without words). */
function screenSvg(width, height, variant) {
  const random = seeded(variant * 104729 + 17)
  const accent = PALETTE[(variant * 2 + 6) % PALETTE.length]
  const pad = width * 0.05
  const win = { x: pad, y: pad, w: width - 2 * pad, h: height - pad }
  const side = win.w * 0.22
  let content = ''
  // Sidebar entries, one of them selected.
  for (let i = 0; i < 9; i++) {
    const y = win.y + 70 + i * 34
    if (i === 2) content += `<rect x="${win.x + 12}" y="${y - 8}" width="${side - 24}" height="28" rx="6" fill="${accent}" fill-opacity="0.15"/>`
    content += `<rect x="${win.x + 24}" y="${y}" width="${(side - 60) * (0.5 + random() * 0.5)}" height="12" rx="6" fill="${i === 2 ? accent : '#cbd5e1'}"/>`
  }
  const left = win.x + side + 40
  const right = win.x + win.w - 40
  if (variant % 2 === 0) {
    // A document: heading, paragraphs, a checklist.
    content += `<rect x="${left}" y="${win.y + 70}" width="${(right - left) * 0.55}" height="26" rx="8" fill="#0f172a"/>`
    let y = win.y + 130
    for (let p = 0; p < 3; p++) {
      const lines = 2 + Math.floor(random() * 3)
      for (let l = 0; l < lines; l++) {
        const w = l === lines - 1 ? 0.4 + random() * 0.4 : 0.92 + random() * 0.08
        content += `<rect x="${left}" y="${y}" width="${(right - left) * w}" height="12" rx="6" fill="#94a3b8"/>`
        y += 26
      }
      y += 22
    }
    for (let c = 0; c < 3 && y < win.y + win.h - 40; c++, y += 32) {
      content += `<rect x="${left}" y="${y - 4}" width="18" height="18" rx="4" fill="${c < 2 ? accent : '#fff'}" stroke="${accent}" stroke-width="2"/>`
      content += `<rect x="${left + 32}" y="${y}" width="${(right - left) * (0.3 + random() * 0.3)}" height="12" rx="6" fill="#94a3b8"/>`
    }
  } else {
    // A graph of linked notes.
    const nodes = Array.from({ length: 9 }, () => ({ x: left + 30 + random() * (right - left - 60), y: win.y + 80 + random() * (win.h - 140) }))
    nodes.forEach((node, i) => {
      const other = nodes[(i * 4 + 3) % nodes.length]
      content += `<line x1="${node.x}" y1="${node.y}" x2="${other.x}" y2="${other.y}" stroke="#94a3b8" stroke-width="3"/>`
    })
    nodes.forEach((node, i) => {
      content += `<circle cx="${node.x}" cy="${node.y}" r="${i === 0 ? 22 : 12 + random() * 8}" fill="${i === 0 ? accent : '#fff'}" stroke="${accent}" stroke-width="4"/>`
    })
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<rect x="${win.x}" y="${win.y}" width="${win.w}" height="${win.h + 20}" rx="16" fill="#fff"/>` +
    `<rect x="${win.x}" y="${win.y}" width="${side}" height="${win.h + 20}" rx="16" fill="#f1f5f9"/>` +
    `<rect x="${win.x + side - 16}" y="${win.y}" width="16" height="${win.h + 20}" fill="#f1f5f9"/>` +
    ['#ef4444', '#f59e0b', '#22c55e'].map((fill, i) => `<circle cx="${win.x + 24 + i * 22}" cy="${win.y + 24}" r="7" fill="${fill}"/>`).join('') +
    `${content}</svg>`
  )
}

const hashOf = (buffer) => createHash('sha256').update(buffer).digest('hex').slice(0, 10)

// Earlier outputs go first, so a rerun leaves only what the catalog names.
for (const name of readdirSync(here)) if (/\.[0-9a-f]{10}\.(webp|png|webm)$/.test(name)) unlinkSync(path.join(here, name))

const catalog = {}
async function writePicture(key, svg, width, height) {
  const body = await sharp(Buffer.from(svg)).webp({ quality: 78, effort: 6 }).toBuffer()
  const file = `${key}.${hashOf(body)}.webp`
  writeFileSync(path.join(here, file), body)
  catalog[key] = { file, width, height }
}

// Covers and thumbnails (16:9, twice the 640 px cover preset), portrait promos, wide banners, screenshots.
for (let v = 0; v < 12; v++) await writePicture(`art-wide-${v}`, artSvg(1280, 720, v), 1280, 720)
for (let v = 0; v < 3; v++) await writePicture(`art-tall-${v}`, artSvg(640, 800, v + 20), 640, 800)
for (let v = 0; v < 2; v++) await writePicture(`art-banner-${v}`, artSvg(1920, 400, v + 30), 1920, 400)
for (let v = 0; v < 4; v++) await writePicture(`screen-${v}`, screenSvg(1200, 720, v), 1200, 720)

// Two short silent clips (VP9 WebM plays in every current browser) and their first frames as posters.
const clips = [
  { colors: ['0x2563eb', '0x7c3aed', '0x0891b2'], speed: '0.015' },
  { colors: ['0xdb2777', '0xea580c', '0xca8a04'], speed: '0.02' },
]
const scratch = mkdtempSync(path.join(os.tmpdir(), 'demo-media-'))
try {
  for (const [i, clip] of clips.entries()) {
    const webm = path.join(scratch, `clip-${i}.webm`)
    const [c0, c1, c2] = clip.colors
    execFileSync('ffmpeg', [
      '-v', 'error', '-y', '-f', 'lavfi', '-i', `gradients=s=640x360:r=24:d=6:n=3:c0=${c0}:c1=${c1}:c2=${c2}:speed=${clip.speed}:seed=${i + 1}`,
      '-c:v', 'libvpx-vp9', '-crf', '42', '-b:v', '0', '-row-mt', '1', '-deadline', 'good', '-pix_fmt', 'yuv420p', '-an', webm,
    ])
    const body = readFileSync(webm)
    const file = `clip-${i}.${hashOf(body)}.webm`
    writeFileSync(path.join(here, file), body)
    catalog[`clip-${i}`] = { file, width: 640, height: 360 }
    const frame = path.join(scratch, `clip-${i}.png`)
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', webm, '-frames:v', '1', frame])
    const poster = await sharp(frame).resize(1280, 720).webp({ quality: 78, effort: 6 }).toBuffer()
    const posterFile = `clip-${i}-poster.${hashOf(poster)}.webp`
    writeFileSync(path.join(here, posterFile), poster)
    catalog[`clip-${i}-poster`] = { file: posterFile, width: 1280, height: 720 }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}

const lines = Object.entries(catalog).map(([key, { file, width, height }]) => `  '${key}': { file: '${file}', width: ${width}, height: ${height} },`)
writeFileSync(
  path.join(here, 'catalog.ts'),
  `// Written by make-demo-media.mjs: the demo's raster pictures and clips in this folder (content-hashed names).\n` +
    `export const MEDIA_CATALOG = {\n${lines.join('\n')}\n} as const\n\nexport type MediaKey = keyof typeof MEDIA_CATALOG\n`,
)
console.log(Object.values(catalog).map(({ file }) => file).join('\n'))
