import type { SqlExecutor } from '../db/index.ts'
import { ident } from '../db/ident.ts'

/** A place in the commit order of a log: transaction id first, then position inside it. */
export interface Checkpoint {
  transactionId: string
  position: number
}

export const beginning: Checkpoint = { transactionId: '0', position: 0 }

export async function loadCheckpoint(db: SqlExecutor, schema: string, name: string): Promise<Checkpoint> {
  const { rows } = await db.query<{ transaction_id: string; global_position: number }>(
    `select transaction_id::text as transaction_id, global_position from ${ident(schema)}.checkpoints where name = $1`,
    [name],
  )
  const row = rows[0]
  return row ? { transactionId: row.transaction_id, position: Number(row.global_position) } : beginning
}

export async function storeCheckpoint(db: SqlExecutor, schema: string, name: string, checkpoint: Checkpoint): Promise<void> {
  await db.query(
    `insert into ${ident(schema)}.checkpoints (name, transaction_id, global_position) values ($1, $2::xid8, $3)
     on conflict (name) do update set transaction_id = excluded.transaction_id,
       global_position = excluded.global_position, updated_at = now()`,
    [name, checkpoint.transactionId, checkpoint.position],
  )
}

export async function deleteCheckpoint(db: SqlExecutor, schema: string, name: string): Promise<void> {
  await db.query(`delete from ${ident(schema)}.checkpoints where name = $1`, [name])
}
