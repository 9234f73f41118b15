import { z } from 'zod'
import { counterNameSchema, counterSchema } from '../entities/counter.ts'

/** GET /counters/{name} and POST /counters/{name} (increments; only 'visits' is posted by clients). */
export const counterParamsSchema = z.object({ name: counterNameSchema })
export const counterResponseSchema = counterSchema
