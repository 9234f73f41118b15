import { z } from 'zod'

export const counterNames = ['visits', 'donations', 'donors'] as const
export const counterNameSchema = z.enum(counterNames)
export type CounterName = z.infer<typeof counterNameSchema>

/** Value of a counter: GET/POST /api/counters/{name} → {total}. */
export const counterSchema = z.object({ total: z.number().min(0) })
export type Counter = z.infer<typeof counterSchema>
