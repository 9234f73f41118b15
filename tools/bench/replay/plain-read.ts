import { ident, type SqlDatabase } from '@donaciones/kit'

export interface PlainReadResult {
  events: number
  seconds: number
}

/** Which rows to read: own events of these types and inbox events with these `service.type` keys; all when absent. */
export interface PlainReadFilter {
  ownTypes: readonly string[]
  inboxKeys: readonly string[]
}

/**
 * Reads the log the way replay pages through it (own events in commit order, then the inbox
 * in receive order, 2000 rows a page, in one transaction, with replay's own conditions when
 * filtered; the driver decodes the JSON) without upcasting or applying anything: the floor a
 * replay's speed is measured against.
 */
export async function readLogPlainly(db: SqlDatabase, schema: string, filter?: PlainReadFilter, pageSize = 2000): Promise<PlainReadResult> {
  const s = ident(schema)
  const started = performance.now()
  const events = await db.transaction(async (tx) => {
    let read = 0
    let after = { transactionId: '0', position: 0 }
    while (!filter || filter.ownTypes.length > 0) {
      const { rows } = await tx.query<{ global_position: number; transaction_id_text: string }>(
        `select global_position, transaction_id::text as transaction_id_text, stream_id, stream_version, event_id::text as event_id,
           type, schema_version, data, metadata, created_at
         from ${s}.events where (transaction_id, global_position) > ($1::xid8, $2::bigint) ${filter ? 'and type = any($4::text[])' : ''}
         order by events.transaction_id, events.global_position limit $3`,
        [after.transactionId, after.position, pageSize, ...(filter ? [filter.ownTypes] : [])],
      )
      const last = rows.at(-1)
      if (!last) break
      read += rows.length
      after = { transactionId: last.transaction_id_text, position: Number(last.global_position) }
    }
    let received = 0
    while (!filter || filter.inboxKeys.length > 0) {
      const { rows } = await tx.query<{ received_position: number }>(
        `select received_position, envelope from ${s}.inbox
         where received_position > $1 ${filter ? 'and event_key = any($3::text[])' : ''}
         order by received_position limit $2`,
        [received, pageSize, ...(filter ? [filter.inboxKeys] : [])],
      )
      const last = rows.at(-1)
      if (!last) break
      read += rows.length
      received = Number(last.received_position)
    }
    return read
  })
  return { events, seconds: (performance.now() - started) / 1000 }
}
