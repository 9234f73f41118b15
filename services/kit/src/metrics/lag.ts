import type { SqlExecutor } from '../db/index.ts'
import { ident } from '../db/ident.ts'

interface LastAndRelayed {
  last_transaction: string
  last_position: number | string
  relayed_transaction: string | null
  relayed_position: number | string | null
}

/**
 * Events committed to the log after the relay's checkpoint, from positions alone: the last entry of
 * the commit-order index minus the checkpoint, two index lookups however long the backlog. Positions
 * rolled back with their transactions leave gaps, so a backlog may read a little high; it is 0
 * exactly when the relay has published the last committed event.
 */
export async function relayLag(db: SqlExecutor, schema: string, checkpointName: string): Promise<number> {
  const s = ident(schema)
  const { rows } = await db.query<LastAndRelayed>(
    `select last.transaction_id::text as last_transaction, last.global_position as last_position,
            c.transaction_id::text as relayed_transaction, c.global_position as relayed_position
     from (select transaction_id, global_position from ${s}.events order by transaction_id desc, global_position desc limit 1) last
     left join ${s}.checkpoints c on c.name = $1`,
    [checkpointName],
  )
  const row = rows[0]
  if (!row) return 0
  if (row.relayed_transaction === row.last_transaction && Number(row.relayed_position) === Number(row.last_position)) return 0
  return Math.max(1, Number(row.last_position) - Number(row.relayed_position ?? 0))
}
