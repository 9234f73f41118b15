import { ident, type SqlExecutor } from '@donaciones/kit'

/** Whether a provider's webhook event was handled already (deliveries are retried and may repeat). */
export async function webhookSeen(db: SqlExecutor, schema: string, provider: string, eventId: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from ${ident(schema)}.webhook_events where provider = $1 and event_id = $2`, [provider, eventId])
  return rows.length > 0
}

export async function markWebhookSeen(db: SqlExecutor, schema: string, provider: string, eventId: string): Promise<void> {
  await db.query(`insert into ${ident(schema)}.webhook_events (provider, event_id) values ($1, $2) on conflict do nothing`, [provider, eventId])
}
