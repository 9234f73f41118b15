import { z } from 'zod'
import { idSchema } from '../rules.ts'
import { timestampSchema } from './common.ts'

/** A comment on a campaign; `campaign` is the campaign id. */
export const commentSchema = z.object({
  _id: idSchema,
  comment: z.string(),
  campaign: idSchema,
  createdAt: timestampSchema,
  createdBy: z.object({
    _id: idSchema.optional(),
    name: z.string(),
    lastName: z.string(),
    picture: z.string().nullable(),
  }),
})
export type Comment = z.infer<typeof commentSchema>
