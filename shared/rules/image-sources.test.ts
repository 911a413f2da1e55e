import { describe, expect, it } from 'vitest'
import { isOptimizable, optimizedImageUrl, toImageSources } from './image-sources.ts'

const PHOTO = 'https://cdn.example.com/a b/photo.jpg?v=1&x="y"'
const ENCODED = encodeURIComponent(PHOTO)

describe('optimizedImageUrl', () => {
  it('puts the whole source, encoded, in one url parameter', () => {
    expect(optimizedImageUrl(PHOTO, 'cover', 2)).toBe(`/_img/cover?url=${ENCODED}&dpr=2`)
    expect(new URL(optimizedImageUrl(PHOTO, 'cover', 2), 'http://x').searchParams.get('url')).toBe(PHOTO)
  })

  it('gives the placeholder no density', () => {
    expect(optimizedImageUrl(PHOTO, 'placeholder')).toBe(`/_img/placeholder?url=${ENCODED}`)
  })
})

describe('isOptimizable', () => {
  it.each([
    ['https://cdn.example.com/a.png', true],
    ['http://cdn.example.com/a.JPG', true],
    ['https://cdn.example.com/img?id=5', true],
    ['https://cdn.example.com/logo.svg', false],
    ['https://cdn.example.com/logo.SVG?v=2', false],
    ['data:image/png;base64,AAAA', false],
    ['/uploads/a.png', false],
    ['//cdn.example.com/a.png', false],
    ['javascript:alert(1)', false],
    ['https://', false],
    ['https://user:pass@cdn.example.com/a.png', false],
    ['http://cdn.example.com:8080/a.png', true],
  ])('%s → %s', (source, expected) => {
    expect(isOptimizable(source)).toBe(expected)
  })
})

describe('toImageSources', () => {
  it('uses density descriptors for a fixed-size image', () => {
    expect(toImageSources({ src: PHOTO, preset: 'avatar', optimize: true })).toEqual({
      src: `/_img/avatar?url=${ENCODED}&dpr=1`,
      srcSet: `/_img/avatar?url=${ENCODED}&dpr=1 1x, /_img/avatar?url=${ENCODED}&dpr=2 2x`,
    })
  })

  it('uses width descriptors and sizes for a fluid image, with a placeholder', () => {
    expect(
      toImageSources({
        src: PHOTO,
        preset: 'cover',
        optimize: true,
        sizes: '(max-width: 700px) 100vw, 640px',
        placeholder: true,
      }),
    ).toEqual({
      src: `/_img/cover?url=${ENCODED}&dpr=1`,
      srcSet: `/_img/cover?url=${ENCODED}&dpr=1 640w, /_img/cover?url=${ENCODED}&dpr=2 1280w`,
      sizes: '(max-width: 700px) 100vw, 640px',
      placeholder: `/_img/placeholder?url=${ENCODED}`,
    })
    expect(toImageSources({ src: PHOTO, preset: 'thumbnail', optimize: true, sizes: '320px' }).srcSet).toMatch(
      / 320w, .* 640w$/,
    )
  })

  it('gives a fixed thumbnail 1x and 2x, and a placeholder only when asked', () => {
    const sources = toImageSources({ src: PHOTO, preset: 'thumbnail', optimize: true })
    expect(sources.srcSet).toMatch(/dpr=1 1x, .*dpr=2 2x$/)
    expect(sources.placeholder).toBeUndefined()
    expect(toImageSources({ src: PHOTO, preset: 'thumbnail', optimize: true, placeholder: true }).placeholder).toBe(
      `/_img/placeholder?url=${ENCODED}`,
    )
  })

  it.each([
    [PHOTO, false],
    ['data:image/svg+xml,%3Csvg%3E', true],
    ['/uploads/a.png', true],
    ['https://cdn.example.com/logo.svg', true],
  ])('keeps the original address of %s when optimize is %s or it cannot be optimised', (src, optimize) => {
    expect(toImageSources({ src, preset: 'cover', optimize, sizes: '100vw', placeholder: true })).toEqual({ src })
  })
})
