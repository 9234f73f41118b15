import { z } from 'zod'
import { fileRefSchema } from './common.ts'

/** An uploaded file (images only, at most 5 MB). */
export const fileSchema = fileRefSchema
export type FileRecord = z.infer<typeof fileSchema>
