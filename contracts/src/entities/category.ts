import { z } from 'zod'
import { idSchema } from '../rules.ts'
import { timestampsShape } from './common.ts'
import { historicalEventSchema } from './historical.ts'

export const categorySchema = z.object({
  _id: idSchema,
  title: z.string(),
  description: z.string(),
  active: z.boolean(),
  historical: z.array(historicalEventSchema).optional(),
  ...timestampsShape,
})
export type Category = z.infer<typeof categorySchema>
