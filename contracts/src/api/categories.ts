import { z } from 'zod'
import { requiredText } from '../rules.ts'
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_TITLE_MAX } from '../limits.ts'
import { categorySchema } from '../entities/category.ts'
import { adminChangeSchema, exportRequestSchema, toggleRequestSchema } from './common.ts'

export const categoryInputSchema = z.object({
  title: requiredText(CATEGORY_TITLE_MAX),
  description: requiredText(CATEGORY_DESCRIPTION_MAX),
})
export type CategoryInput = z.infer<typeof categoryInputSchema>

export const categoryCreateRequestSchema = categoryInputSchema
export const categoryUpdateRequestSchema = adminChangeSchema(categoryInputSchema)
export const categoryToggleRequestSchema = toggleRequestSchema
export const categoryExportRequestSchema = exportRequestSchema

export const categoryResponseSchema = categorySchema
export const categoryListResponseSchema = z.array(categorySchema)
