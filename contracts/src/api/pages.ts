import { z } from 'zod'
import { requiredString } from '../rules.ts'
import { pageNameSchema, pageSchema } from '../entities/page.ts'
import { adminChangeSchema, toggleRequestSchema } from './common.ts'

/** Only the rich HTML description is editable (the title is not). */
export const pageInputSchema = z.object({ description: requiredString })
export type PageInput = z.infer<typeof pageInputSchema>

/** PUT /pages/{id}. */
export const pageUpdateRequestSchema = adminChangeSchema(pageInputSchema)
export const pageToggleRequestSchema = toggleRequestSchema

export const pageListResponseSchema = z.array(pageSchema)
export const pageResponseSchema = pageSchema

/** GET /public/pages/{name}. */
export const publicPageParamsSchema = z.object({ name: pageNameSchema })
export const publicPageResponseSchema = pageSchema.pick({ name: true, title: true, description: true })
export type PublicPage = z.infer<typeof publicPageResponseSchema>
