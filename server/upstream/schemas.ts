/**
 * zod schemas for every upstream `data` shape the server reads. Each schema's output is checked at compile
 * time against the matching type in shared/types.ts (each is declared as `z.ZodType<ThatType>`).
 */
export * from './schemas/site-schemas.ts'
export * from './schemas/page-schemas.ts'
export * from './schemas/content-schemas.ts'
