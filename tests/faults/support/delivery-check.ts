import { expect } from 'vitest'
import { ident, type SqlDatabase } from '@donaciones/kit'
import { waitUntil } from '../../support/processes.ts'

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

export interface InboxState {
  produced: string[]
  /** Per consumer, in the order asked: the produced events its inbox holds (once at most each). */
  received: string[][]
}

/** The producer's events of `types` and those of them each consumer's inbox holds. */
export async function inboxState(db: SqlDatabase, producerSchema: string, consumerSchemas: readonly string[], types: readonly string[]): Promise<InboxState> {
  const produced = await db.query<{ id: string }>(`select event_id::text as id from ${ident(producerSchema)}.events where type = any($1) order by 1`, [types])
  const ids = produced.rows.map((row) => row.id)
  const received = await Promise.all(
    consumerSchemas.map(async (schema) => (await db.query<{ id: string }>(`select event_id::text as id from ${ident(schema)}.inbox where event_id = any($1::uuid[]) order by 1`, [ids])).rows.map((row) => row.id)),
  )
  return { produced: ids, received }
}

/** Waits until every consumer's inbox holds every produced event, and checks each holds exactly those; the state. */
export async function expectEveryInboxComplete(read: () => Promise<InboxState>, timeoutMs: number, what: string): Promise<InboxState> {
  await waitUntil(async () => {
    const state = await read()
    return state.received.every((ids) => ids.length === state.produced.length)
  }, timeoutMs, what)
  const state = await read()
  expect(state.received).toEqual(state.received.map(() => state.produced))
  return state
}
