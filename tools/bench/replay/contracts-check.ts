import { eventEnvelopeSchema, eventMetadataSchema, findEventDefinition } from '@donaciones/contracts'
import { ident, type SqlDatabase } from '@donaciones/kit'

/**
 * Every generated inbox envelope, and the first page of own events, against the contracts:
 * envelope, metadata and payload schemas, as the consumer and replay would see them.
 */
export async function checkAgainstContracts(db: SqlDatabase, schema: string, service: string): Promise<number> {
  const s = ident(schema)
  const { rows: inbox } = await db.query<{ event_id: string; envelope: unknown }>(`select event_id::text as event_id, envelope from ${s}.inbox`)
  const { rows: own } = await db.query<{ stream_id: string; stream_version: number; type: string; data: unknown; metadata: unknown }>(
    `select stream_id, stream_version, type, data, metadata from ${s}.events order by transaction_id, global_position limit 2000`,
  )
  for (const row of inbox) {
    const envelope = eventEnvelopeSchema.parse(row.envelope)
    if (envelope.id !== row.event_id) throw new Error(`El inbox guarda ${row.event_id} con el sobre de ${envelope.id}`)
    payloadSchema(envelope.service, envelope.type).parse(envelope.data)
  }
  for (const row of own) {
    eventMetadataSchema.parse(row.metadata)
    payloadSchema(service, row.type).parse(row.data)
  }
  return inbox.length + own.length
}

function payloadSchema(service: string, type: string) {
  const definition = findEventDefinition(service, type)
  if (!definition) throw new Error(`Tipo de evento desconocido: ${service}.${type}`)
  return definition.schema
}
