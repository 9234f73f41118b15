import { z } from 'zod'
import { idSchema } from '../rules.ts'

/** ISO 8601 date-time as serialised by the server (Date#toISOString, offsets accepted). */
export const timestampSchema = z.iso.datetime({ offset: true })

/** Select option as the edit forms and GET /options/* use it. */
export const optionSchema = z.object({ value: idSchema, label: z.string() })
export type Option = z.infer<typeof optionSchema>

/** Reference to an uploaded file with its public path. */
export const fileRefSchema = z.object({ _id: idSchema, path: z.string() })
export type FileRef = z.infer<typeof fileRefSchema>

/** Only the path of a file (token payload, user thumbnails in history entries). */
export const pathRefSchema = z.object({ path: z.string() })

export const timestampsShape = {
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
}
