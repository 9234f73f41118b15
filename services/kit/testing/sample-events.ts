import { z } from 'zod'
import { defineEvent } from '@donaciones/contracts'

/** Events used by the kit's own tests; they belong to no real service's contract. */
export const sampleNoted = defineEvent({
  service: 'audit',
  aggregate: 'sample',
  type: 'SampleNoted',
  v: 2,
  schema: z.object({ text: z.string(), weight: z.number().int() }),
  upcasters: { 1: (data) => ({ ...(data as { text: string }), weight: 1 }) },
})

export const foreignSampleNoted = defineEvent({
  service: 'donation',
  aggregate: 'sample',
  type: 'ForeignSampleNoted',
  schema: z.object({ amount: z.number() }),
})

export const foreignSampleAmended = defineEvent({
  service: 'donation',
  aggregate: 'sample',
  type: 'ForeignSampleAmended',
  schema: z.object({ amount: z.number() }),
})

export const sampleDefinitions = [sampleNoted, foreignSampleNoted, foreignSampleAmended]

export const testMetadata = { actor: null, correlationId: 'test' }
