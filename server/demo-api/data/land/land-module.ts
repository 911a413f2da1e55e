import type { LandModule } from '../../../../shared/content-types.ts'

/** One module of a demo landing page, shown. */
export const mod = (
  id: string,
  type: LandModule['type'],
  data: Record<string, unknown>,
  extra: Partial<LandModule> = {},
): LandModule => ({
  id,
  type,
  is_show: 1,
  ...extra,
  data,
})
