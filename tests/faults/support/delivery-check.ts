import { ident, type SqlDatabase } from '@donaciones/kit'

export interface DeliveryState {
  produced: string[]
  /** Produced events present in the consumer's inbox (the inbox key makes each appear once at most). */
  received: string[]
  /** Produced events applied to the consumer's change history, counting every row. */
  applied: string[]
}

/** Compares the producer's events of `types` with what the consumer received and applied. */
export async function deliveryState(db: SqlDatabase, producerSchema: string, consumerSchema: string, types: readonly string[]): Promise<DeliveryState> {
  const produced = await db.query<{ id: string }>(`select event_id::text as id from ${ident(producerSchema)}.events where type = any($1) order by 1`, [types])
  const ids = produced.rows.map((row) => row.id)
  const received = await db.query<{ id: string }>(`select event_id::text as id from ${ident(consumerSchema)}.inbox where event_id = any($1::uuid[]) order by 1`, [ids])
  const applied = await db.query<{ id: string }>(`select id::text as id from ${ident(consumerSchema)}.history where id = any($1::uuid[]) order by 1`, [ids])
  return { produced: ids, received: received.rows.map((row) => row.id), applied: applied.rows.map((row) => row.id) }
}

export function caughtUp(state: DeliveryState): boolean {
  return state.received.length === state.produced.length && state.applied.length === state.produced.length
}

/** The producer's events of `types` and those of them each consumer's inbox holds. */
export async function inboxState(db: SqlDatabase, producerSchema: string, consumerSchemas: readonly string[], types: readonly string[]) {
  const produced = await db.query<{ id: string }>(`select event_id::text as id from ${ident(producerSchema)}.events where type = any($1) order by 1`, [types])
  const ids = produced.rows.map((row) => row.id)
  const received = await Promise.all(
    consumerSchemas.map(async (schema) => (await db.query<{ id: string }>(`select event_id::text as id from ${ident(schema)}.inbox where event_id = any($1::uuid[]) order by 1`, [ids])).rows.map((row) => row.id)),
  )
  return { produced: ids, received }
}
