import { z } from 'zod'
import { idSchema } from '../rules.ts'
import { fileSchema } from '../entities/file.ts'
import { UPLOAD_IMAGE_MIME_TYPES, UPLOAD_MAX_BYTES } from '../limits.ts'

/** POST /files (multipart, field `file`, image ≤ 5 MB) → {_id} (path added for convenience). */
export const FILE_UPLOAD_FIELD = 'file'
/** The multipart form of POST /files (read by the kit's multipart reader, described here for the API document). */
export const fileUploadRequestSchema = z.object({ [FILE_UPLOAD_FIELD]: z.file().mime([...UPLOAD_IMAGE_MIME_TYPES]).max(UPLOAD_MAX_BYTES) })
export const fileUploadResponseSchema = z.object({ _id: idSchema, path: z.string().optional() })
/** GET /files/{id}. */
export const fileResponseSchema = fileSchema
