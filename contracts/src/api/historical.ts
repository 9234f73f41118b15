import { z } from 'zod'
import { historicalEventSchema } from '../entities/historical.ts'
import { userSchema } from '../entities/user.ts'

/** GET /historical/. */
export const historicalListResponseSchema = z.array(historicalEventSchema)
/** GET /historical/user/{id}. */
export const historicalUserResponseSchema = z.object({
  list: z.array(historicalEventSchema),
  user: userSchema,
})
export type HistoricalUserResponse = z.infer<typeof historicalUserResponseSchema>
