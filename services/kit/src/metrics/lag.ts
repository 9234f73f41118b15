import type { SqlExecutor } from '../db/index.ts'
import { loadCheckpoint } from '../eventstore/checkpoint.ts'
import { ident } from '../eventstore/schema.ts'

async function countRows(db: SqlExecutor, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ count: number | string }>(sql, params)
  return Number(rows[0]?.count ?? 0)
}

/** Committed events after the relay's checkpoint (a range scan on the commit-order index). */
export async function countRelayLag(db: SqlExecutor, schema: string, checkpointName: string): Promise<number> {
  const checkpoint = await loadCheckpoint(db, schema, checkpointName)
  return countRows(
    db,
    `select count(*)::int as count from ${ident(schema)}.events where (transaction_id, global_position) > ($1::xid8, $2::bigint)`,
    [checkpoint.transactionId, checkpoint.position],
  )
}

/**
 * Events of the handled types in each producer's log (keyed by its schema) that are not in
 * the consumer's inbox yet. The inbox is keyed by event id, so this is an indexed anti-join.
 * A producer whose log does not exist yet (not started, other database) is skipped.
 */
export async function countConsumerLag(db: SqlExecutor, inboxSchema: string, typesBySchema: ReadonlyMap<string, readonly string[]>): Promise<number> {
  let total = 0
  for (const [schema, types] of typesBySchema) {
    try {
      total += await countRows(
        db,
        `select count(*)::int as count from ${ident(schema)}.events e
         where e.type = any($1::text[]) and not exists (select 1 from ${ident(inboxSchema)}.inbox i where i.event_id = e.event_id)`,
        [types],
      )
    } catch {
      // Not readable from here: the gauge reports the producers it can see.
    }
  }
  return total
}
