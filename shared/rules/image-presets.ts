/**
 * The image presets of SPEC §3 and §9, shared by the optimising endpoint (server/images/) and the
 * URL builder the pages use, so both sides agree on names and sizes.
 */

/** Where the optimising endpoint answers: `/_img/<preset>?url=<source>&dpr=1|2`. */
export const IMAGE_ENDPOINT = '/_img'

export interface ImagePresetSpec {
  /** Output width in CSS pixels at density 1. */
  width: number
  /** Output height at density 1 for presets that crop to a fixed box (avatar, placeholder). */
  height?: number
}

/** SPEC §3: avatar webp 80×80, thumbnail webp width 320, cover webp width 640; §9: placeholder 10×10. */
export const IMAGE_PRESETS = {
  avatar: { width: 80, height: 80 },
  thumbnail: { width: 320 },
  cover: { width: 640 },
  placeholder: { width: 10, height: 10 },
} as const satisfies Record<string, ImagePresetSpec>

export type ImagePreset = keyof typeof IMAGE_PRESETS

/** SPEC §9: image densities 1 and 2. */
export const IMAGE_DENSITIES = [1, 2] as const
export type ImageDensity = (typeof IMAGE_DENSITIES)[number]

export function isImagePreset(name: string): name is ImagePreset {
  return Object.hasOwn(IMAGE_PRESETS, name)
}
