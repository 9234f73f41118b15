import { z } from 'zod'
import { historicalEventSchema, historicalModuleSchema } from '../entities/historical.ts'
import { userSchema } from '../entities/user.ts'
import { dateSchema, idSchema } from '../rules.ts'

/** GET /historical?date=&module=&document=: the changes of a day, a module or one record. */
export const historicalQuerySchema = z.object({
  date: dateSchema.optional(),
  module: historicalModuleSchema.optional(),
  document: idSchema.optional(),
})

/** GET /historical/. */
export const historicalListResponseSchema = z.array(historicalEventSchema)
/** GET /historical/user/{id}. */
export const historicalUserResponseSchema = z.object({
  list: z.array(historicalEventSchema),
  user: userSchema,
})
export type HistoricalUserResponse = z.infer<typeof historicalUserResponseSchema>
