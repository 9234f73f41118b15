import { z } from 'zod'
import { idSchema } from '../rules.ts'
import { pathRefSchema, timestampSchema } from './common.ts'

/** Modules whose changes the history records (spec §3 Historical event). */
export const historicalModules = ['campaign', 'institution', 'user', 'configuration', 'page', 'category', 'donation'] as const
export const historicalModuleSchema = z.enum(historicalModules)
export type HistoricalModule = z.infer<typeof historicalModuleSchema>

/** Author of a change, as shown in the timeline. */
export const historicalAuthorSchema = z.object({
  _id: idSchema,
  name: z.string(),
  fullName: z.string(),
  thumbnail: pathRefSchema.nullable(),
})

/** One entry of the change history (audit trail). `document` is the changed record's id. */
export const historicalEventSchema = z.object({
  _id: idSchema,
  module: historicalModuleSchema,
  document: idSchema,
  label: z.string(),
  title: z.string(),
  cause: z.string(),
  description: z.string(),
  createdAt: timestampSchema,
  createdBy: historicalAuthorSchema.nullable(),
})
export type HistoricalEvent = z.infer<typeof historicalEventSchema>
