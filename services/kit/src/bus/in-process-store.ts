import type { SqlDatabase } from '../db/index.ts'
import type { OutgoingMessage } from './bus.ts'

export interface StoredMessage extends OutgoingMessage {
  sequence: number
}

/** The in-process bus tables: the message log and one checkpoint per (durable, filter). */
export interface BusStore {
  /** Stores the messages in their order, each id once; one statement however many they are. Returns the ones stored now. */
  insert(messages: readonly OutgoingMessage[]): Promise<StoredMessage[]>
  /**
   * Looks at up to `limit` messages after `position`: those whose subject matches the regular
   * expression `pattern` in order, how many were looked at and the last sequence looked at.
   */
  readAfter(position: number, pattern: string, limit: number): Promise<ScannedMessages>
  /** The sequence of the last message stored (0 when none): the end of the primary key. */
  lastSequence(): Promise<number>
  checkpoint(durable: string, filter: string): Promise<number>
  saveCheckpoint(durable: string, filter: string, position: number): Promise<void>
}

export interface ScannedMessages {
  messages: StoredMessage[]
  scanned: number
  /** The last sequence looked at (`position` when there was none): nothing up to it is left to deliver. */
  scannedTo: number
}

interface MessageRow {
  sequence: number | string | null
  id: string
  subject: string
  payload: string
  scanned: number | string | null
  scanned_to: number | string | null
}

export async function openBusStore(db: SqlDatabase, schema: string): Promise<BusStore> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid bus schema name "${schema}"`)
  const messages = `"${schema}".messages`
  const checkpoints = `"${schema}".checkpoints`
  await db.exec(`
    create schema if not exists "${schema}";
    create table if not exists ${messages} (
      sequence bigint generated always as identity primary key,
      id text not null unique,
      subject text not null,
      payload text not null,
      published_at timestamptz not null default now()
    );
    create table if not exists ${checkpoints} (
      durable text not null,
      filter text not null,
      position bigint not null,
      updated_at timestamptz not null default now(),
      primary key (durable, filter)
    );
  `)

  const insertSql = `insert into ${messages} (id, subject, payload)
    select id, subject, payload from unnest($1::text[], $2::text[], $3::text[]) with ordinality as m(id, subject, payload, n) order by n
    on conflict (id) do nothing
    returning sequence, id`

  return {
    async insert(batch) {
      if (batch.length === 0) return []
      const params = [batch.map((message) => message.id), batch.map((message) => message.subject), batch.map((message) => message.payload)]
      const stored = (rows: Array<{ sequence: number | string; id: string }>): StoredMessage[] => {
        const byId = new Map(batch.map((message) => [message.id, message]))
        return rows.flatMap(({ sequence, id }) => {
          const message = byId.get(id)
          return message ? [{ ...message, sequence: Number(sequence) }] : []
        })
      }
      if (db.dialect === 'pglite') {
        // One connection: statements, and so sequence values, commit in order.
        return stored((await db.query<{ sequence: number | string; id: string }>(insertSql, params)).rows)
      }
      // On a pool, a later sequence could commit first and a reader past it would skip the
      // earlier one; serialising publishers makes commit order equal sequence order.
      return db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [messages])
        return stored((await tx.query<{ sequence: number | string; id: string }>(insertSql, params)).rows)
      })
    },

    async readAfter(position, pattern, limit) {
      // The window is bounded by sequence, not by matches: a consumer whose subjects are rare
      // would otherwise scan every other message since its last match on each publish.
      const result = await db.query<MessageRow>(
        `with scanned as (select sequence, subject from ${messages} where sequence > $1 order by sequence limit $3)
         select null::bigint as sequence, null as id, null as subject, null as payload, count(*) as scanned, max(sequence) as scanned_to from scanned
         union all
         select m.sequence, m.id, m.subject, m.payload, null, null from ${messages} m
         where m.sequence in (select sequence from scanned where subject ~ $2)`,
        [position, pattern, limit],
      )
      const summary = result.rows.find((row) => row.sequence === null)
      const found = result.rows
        .filter((row) => row.sequence !== null)
        .map(({ sequence, id, subject, payload }) => ({ id, subject, payload, sequence: Number(sequence) }))
        .sort((a, b) => a.sequence - b.sequence)
      return { messages: found, scanned: Number(summary?.scanned ?? 0), scannedTo: Number(summary?.scanned_to ?? position) }
    },

    async lastSequence() {
      const result = await db.query<{ sequence: number | string | null }>(`select max(sequence) as sequence from ${messages}`)
      return Number(result.rows[0]?.sequence ?? 0)
    },

    async checkpoint(durable, filter) {
      const result = await db.query<{ position: number | string }>(
        `select position from ${checkpoints} where durable = $1 and filter = $2`,
        [durable, filter],
      )
      return Number(result.rows[0]?.position ?? 0)
    },

    async saveCheckpoint(durable, filter, position) {
      await db.query(
        `insert into ${checkpoints} as c (durable, filter, position) values ($1, $2, $3)
         on conflict (durable, filter) do update
           set position = greatest(c.position, excluded.position), updated_at = now()`,
        [durable, filter, position],
      )
    },
  }
}
