import { z } from 'zod'
import { requiredText } from '../rules.ts'
import { INSTITUTION_DESCRIPTION_MAX, INSTITUTION_NAME_MAX } from '../limits.ts'
import { institutionSchema } from '../entities/institution.ts'
import { adminChangeSchema, exportRequestSchema, toggleRequestSchema } from './common.ts'

export const institutionInputSchema = z.object({
  name: requiredText(INSTITUTION_NAME_MAX),
  description: requiredText(INSTITUTION_DESCRIPTION_MAX),
})
export type InstitutionInput = z.infer<typeof institutionInputSchema>

export const institutionCreateRequestSchema = institutionInputSchema
export const institutionUpdateRequestSchema = adminChangeSchema(institutionInputSchema)
export const institutionToggleRequestSchema = toggleRequestSchema
export const institutionExportRequestSchema = exportRequestSchema

export const institutionResponseSchema = institutionSchema
export const institutionListResponseSchema = z.array(institutionSchema)
