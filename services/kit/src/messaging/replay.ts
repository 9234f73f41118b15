import type { EventEnvelope } from '@donaciones/contracts'
import type { SqlExecutor } from '../db/index.ts'
import { beginning, type Checkpoint } from '../eventstore/checkpoint.ts'
import type { EventStore } from '../eventstore/event-store.ts'
import { eventKey, type Projection } from '../eventstore/projection.ts'
import { recreateProjectionTables } from '../eventstore/projection-setup.ts'
import { ident } from '../db/ident.ts'

export interface ReplayProgress {
  total: number
  done: number
}

export interface ReplayOptions {
  store: EventStore
  projection: Projection
  pageSize?: number
  onProgress?: (progress: ReplayProgress) => void
}

/**
 * Drops a projection's tables and rebuilds them from the service's log and inbox, in one
 * transaction. Dropping takes an exclusive lock, so live writers touching these tables wait
 * and apply their own events after the rebuild commits: nothing is counted twice or missed.
 */
export async function replayProjection(options: ReplayOptions): Promise<ReplayProgress> {
  const { store, projection, pageSize = 2000 } = options
  const schema = ident(store.schema)
  const ownTypes = projection.handles.filter((definition) => definition.service === store.service).map((definition) => definition.type)
  const foreignKeys = projection.handles.filter((definition) => definition.service !== store.service).map(eventKey)

  return store.db.transaction(async (tx) => {
    for (const table of projection.tables) await tx.exec(`drop table if exists ${schema}.${ident(table)} cascade`)
    await recreateProjectionTables(tx, store.schema, projection)
    const indexes = projection.indexes ?? []
    for (const index of indexes) await tx.exec(`drop index ${schema}.${ident(index.name)}`)

    const total = (await countOwn(tx, schema, ownTypes)) + (await countInbox(tx, schema, foreignKeys))
    const progress: ReplayProgress = { total, done: 0 }
    options.onProgress?.(progress)
    const rebuild = await projection.rebuild?.(tx, store.schema)
    const applyAll = async (events: EventEnvelope[]) => {
      if (rebuild) await rebuild.apply(events)
      else if (projection.applyBatch) await projection.applyBatch(tx, events, store.schema)
      else for (const event of events) await projection.apply(tx, event, store.schema)
      progress.done += events.length
      options.onProgress?.(progress)
    }

    let checkpoint: Checkpoint = beginning
    while (ownTypes.length > 0) {
      const page = await store.readAll(checkpoint, { limit: pageSize, db: tx, types: ownTypes, safeHorizon: false })
      if (page.events.length === 0) break
      await applyAll(page.events)
      checkpoint = page.checkpoint
    }

    let received = 0
    while (foreignKeys.length > 0) {
      const { rows } = await tx.query<{ received_position: number; envelope: EventEnvelope }>(
        `select received_position, envelope from ${schema}.inbox
         where received_position > $1 and event_key = any($2::text[])
         order by received_position limit $3`,
        [received, foreignKeys, pageSize],
      )
      const last = rows.at(-1)
      if (!last) break
      await applyAll(rows.map((row) => store.upcast(row.envelope)))
      received = Number(last.received_position)
    }
    await rebuild?.finish()
    for (const index of indexes) await tx.exec(index.create(store.schema))
    return progress
  })
}

async function countOwn(tx: SqlExecutor, schema: string, types: string[]): Promise<number> {
  if (types.length === 0) return 0
  const { rows } = await tx.query<{ total: number }>(`select count(*)::int as total from ${schema}.events where type = any($1::text[])`, [types])
  return rows[0]?.total ?? 0
}

async function countInbox(tx: SqlExecutor, schema: string, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0
  const { rows } = await tx.query<{ total: number }>(
    `select count(*)::int as total from ${schema}.inbox where event_key = any($1::text[])`,
    [keys],
  )
  return rows[0]?.total ?? 0
}
