import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// WCAG 2.2 AA (1.4.3): normal text needs 4.5:1 against its background. The pairs below are the
// ones the stylesheets put together as text on background, for every theme the sites can choose.
const styles = (file: string) => readFileSync(path.join(import.meta.dirname, file), 'utf8')
const base = styles('base.css')
const content = styles('content.css')

/** The custom properties declared in the first rule whose selector is exactly `selector`. */
function tokens(css: string, selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const block = new RegExp(`(?:^|\\n)${escaped}\\s*\\{([^}]*)\\}`).exec(css)?.[1]
  if (block === undefined) throw new Error(`no rule for ${selector}`)
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*([^;]+);/g)].map(([, name = '', value = '']) => [name, value.trim()]),
  )
}

type Rgba = [number, number, number, number]

function parseColor(value: string): Rgba {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value)
  if (hex) return [parseInt(hex[1] ?? '', 16), parseInt(hex[2] ?? '', 16), parseInt(hex[3] ?? '', 16), 1]
  const rgb = /^rgb\((\d+) (\d+) (\d+)(?: \/ ([\d.]+))?\)$/.exec(value)
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])]
  throw new Error(`not a colour this test reads: ${value}`)
}

/** A translucent colour over an opaque one. */
function over([r, g, b, alpha]: Rgba, [r2, g2, b2]: Rgba): Rgba {
  const mix = (top: number, below: number) => top * alpha + below * (1 - alpha)
  return [mix(r, r2), mix(g, g2), mix(b, b2), 1]
}

function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

function contrast(a: Rgba, b: Rgba): number {
  const [x, y] = [luminance(a), luminance(b)]
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)
}

const day = tokens(base, ':root')
const night = { ...day, ...tokens(base, '.theme-night') }
const THEMES = { day, night }

/** Text colour token, background token. */
const SITE_PAIRS: [string, string][] = [
  ['color-text', 'color-bg'],
  ['color-text', 'color-surface'],
  ['color-text', 'color-card'],
  ['color-text', 'color-header-bg'],
  ['color-muted', 'color-bg'],
  ['color-muted', 'color-surface'],
  ['color-muted', 'color-card'],
  ['color-primary', 'color-bg'],
  ['color-primary', 'color-surface'],
  ['color-primary', 'color-card'],
  ['color-primary', 'color-primary-soft'],
  ['color-primary-hover', 'color-bg'],
  ['color-primary-hover', 'color-surface'],
  ['color-primary-contrast', 'color-primary'],
  ['color-primary-contrast', 'color-primary-hover'],
  ['color-danger', 'color-bg'],
  ['color-danger', 'color-surface'],
  ['color-danger', 'color-danger-soft'],
  ['color-success', 'color-bg'],
  ['color-success', 'color-surface'],
]

function resolve(theme: Record<string, string>, name: string): Rgba {
  const value = theme[name]
  if (value === undefined) throw new Error(`--${name} is not defined`)
  const color = parseColor(value)
  // A translucent background (the header) is seen over the page.
  return color[3] < 1 ? over(color, resolve(theme, 'color-bg')) : color
}

describe('palette contrast (WCAG AA)', () => {
  it.each(
    Object.entries(THEMES).flatMap(([name, theme]) =>
      SITE_PAIRS.map(([text, background]) => [name, text, background, theme] as const),
    ),
  )('%s: --%s on --%s is at least 4.5:1', (_name, text, background, theme) => {
    expect(contrast(resolve(theme, text), resolve(theme, background))).toBeGreaterThanOrEqual(4.5)
  })

  // Landing-page accents: button text on the accent, the accent as text on the page and cards,
  // and on its own soft tint (promo codes).
  it.each([
    ['day', 1, '.land--theme-1'],
    ['day', 2, '.land--theme-2'],
    ['night', 1, '.theme-night .land--theme-1'],
    ['night', 2, '.theme-night .land--theme-2'],
  ] as const)('%s land theme %i: its accent pairs are at least 4.5:1', (themeName, _n, selector) => {
    const theme = { ...THEMES[themeName], ...tokens(content, selector) }
    const accent = resolve(theme, 'land-accent')
    for (const background of ['color-bg', 'color-surface', 'color-card', 'land-accent-soft']) {
      expect(contrast(accent, resolve(theme, background)), `accent on --${background}`).toBeGreaterThanOrEqual(4.5)
    }
    expect(
      contrast(resolve(theme, 'color-primary-contrast'), accent),
      'button text on the accent',
    ).toBeGreaterThanOrEqual(4.5)
  })

  it('reads a colour pair the way WCAG defines it', () => {
    expect(contrast(parseColor('#000000'), parseColor('#ffffff'))).toBeCloseTo(21, 5)
    expect(contrast(parseColor('#767676'), parseColor('#ffffff'))).toBeCloseTo(4.54, 2)
  })
})
