/**
 * zod schemas for every upstream `data` shape the server reads. Each schema's output is checked at compile
 * time against the matching type in shared/types.ts (each is declared as `z.ZodType<ThatType>`).
 */
export * from './site-schemas.ts'
export * from './page-schemas.ts'
export * from './content-schemas.ts'
