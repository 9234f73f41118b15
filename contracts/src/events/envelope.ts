import { z } from 'zod'

export const serviceNames = ['identity', 'campaign', 'donation', 'content', 'audit'] as const
export const serviceNameSchema = z.enum(serviceNames)
export type ServiceName = z.infer<typeof serviceNameSchema>

/** The justification an administrator gives for a change (spec §4: cause + description). */
export const eventHistoricalSchema = z.object({
  cause: z.string().min(1),
  description: z.string().min(1),
})

export const eventMetadataSchema = z.object({
  actor: z.string().nullable(),
  correlationId: z.string(),
  causationId: z.string().optional(),
  historical: eventHistoricalSchema.optional(),
})
export type EventMetadata = z.infer<typeof eventMetadataSchema>

/** A committed event as read from a service's log or received from the bus. */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  service: serviceNameSchema,
  type: z.string().min(1),
  v: z.number().int().min(1),
  stream: z.string().min(1),
  version: z.number().int().min(0),
  position: z.number().int().min(0),
  transactionId: z.string(),
  occurredAt: z.string(),
  data: z.unknown(),
  metadata: eventMetadataSchema,
})
export type EventEnvelope<TData = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: TData }

/** Upcasts the payload of version `from` to version `from + 1`. */
export type Upcaster = (data: unknown) => unknown

export interface EventDefinition<TType extends string = string, TSchema extends z.ZodType = z.ZodType> {
  service: ServiceName
  aggregate: string
  type: TType
  /** Current schema version written by producers. */
  v: number
  schema: TSchema
  upcasters: Readonly<Record<number, Upcaster>>
}

export function defineEvent<TType extends string, TSchema extends z.ZodType>(definition: {
  service: ServiceName
  aggregate: string
  type: TType
  v?: number
  schema: TSchema
  upcasters?: Record<number, Upcaster>
}): EventDefinition<TType, TSchema> {
  return { v: 1, upcasters: {}, ...definition }
}

export type EventDataOf<D extends EventDefinition> = z.infer<D['schema']>

/** Bus subject of an event, `<service>.<aggregate>.<type>`; the bus adds its own prefix (`events.` on NATS). */
export function eventSubject(definition: Pick<EventDefinition, 'service' | 'aggregate' | 'type'>): string {
  return `${definition.service}.${definition.aggregate}.${definition.type}`
}

/** Brings a stored payload of version `fromVersion` up to the definition's current version, then validates it. */
export function upcastEventData<D extends EventDefinition>(definition: D, fromVersion: number, data: unknown): EventDataOf<D> {
  let current = data
  for (let version = fromVersion; version < definition.v; version += 1) {
    const upcast = definition.upcasters[version]
    if (!upcast) throw new Error(`Falta el upcaster de ${definition.type} v${version}`)
    current = upcast(current)
  }
  return definition.schema.parse(current) as EventDataOf<D>
}
