import { z } from 'zod'
import { isValidPassword } from '../../shared/account/account-rules.ts'
import { LANGUAGES, PAGE_TYPES, ASIDE_KINDS } from '../../shared/types.ts'

/** Shared pieces of request bodies. Unknown keys are dropped (zod's default), missing optional ones get defaults. */
export const page = z.number().int().min(1).default(1)
export const pageSize = z.number().int().min(1).max(100).default(20)
export const pageType = z.enum(PAGE_TYPES)
export const language = z.enum(LANGUAGES)
export const asideKind = z.enum(ASIDE_KINDS)
export const email = z.string().trim().toLowerCase().pipe(z.email('invalid e-mail address'))
/** SPEC §5: the same password rule as the sign-up form. */
export const password = z
  .string()
  .refine(
    isValidPassword,
    'password must have 8 to 15 characters with a letter and a digit, from letters, digits and the allowed special characters',
  )
export const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'the code has 6 digits')
/** An optional filter where '' means "no filter", as the front end sends empty strings for unset fields. */
export const optionalKey = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))

export const emptyBody = z.object({})
