import { createAttemptTable, ident, type SqlExecutor } from '@donaciones/kit'

/**
 * Tables that are not projections (a replay does not rebuild them): webhook events already
 * handled, the provider's webhook verification key, and the attempt log of the rate limits.
 */
export async function createPrivateTables(db: SqlExecutor, schema: string): Promise<void> {
  const s = ident(schema)
  await db.exec(`
    create table if not exists ${s}.webhook_events (provider text not null, event_id text not null, received_at timestamptz not null default now(), primary key (provider, event_id));
    create table if not exists ${s}.provider_keys (name text primary key, value text not null, created_at timestamptz not null default now());
    -- Attempts now live in the kit's attempts table.
    drop table if exists ${s}.donation_attempts;
  `)
  await createAttemptTable(db, schema)
}
