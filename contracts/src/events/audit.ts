import { z } from 'zod'
import { defineEvent } from './envelope.ts'

/** Audit service events (aggregate: counter). The change history is a projection, not events. */

/** POST /counters/visits (app start). */
export const visitRecorded = defineEvent({
  service: 'audit',
  aggregate: 'counter',
  type: 'VisitRecorded',
  schema: z.object({ counter: z.literal('visits') }),
})

export const auditEvents = [visitRecorded] as const
