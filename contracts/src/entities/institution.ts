import { z } from 'zod'
import { idSchema } from '../rules.ts'
import { timestampsShape } from './common.ts'
import { historicalEventSchema } from './historical.ts'

export const institutionSchema = z.object({
  _id: idSchema,
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  historical: z.array(historicalEventSchema).optional(),
  ...timestampsShape,
})
export type Institution = z.infer<typeof institutionSchema>
