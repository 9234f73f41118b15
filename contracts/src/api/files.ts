import { z } from 'zod'
import { idSchema } from '../rules.ts'
import { fileSchema } from '../entities/file.ts'

/** POST /files (multipart, field `file`, image ≤ 5 MB) → {_id} (path added for convenience). */
export const FILE_UPLOAD_FIELD = 'file'
export const fileUploadResponseSchema = z.object({ _id: idSchema, path: z.string().optional() })
/** GET /files/{id}. */
export const fileResponseSchema = fileSchema
