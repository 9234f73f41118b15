import { ident, type SqlExecutor } from '@donaciones/kit'

/**
 * Tables that are not projections (a replay does not rebuild them): webhook events already
 * handled, the provider's webhook verification key, and the attempt log of the rate limits.
 */
export async function createPrivateTables(db: SqlExecutor, schema: string): Promise<void> {
  const s = ident(schema)
  await db.exec(`
    create table if not exists ${s}.webhook_events (provider text not null, event_id text not null, received_at timestamptz not null default now(), primary key (provider, event_id));
    create table if not exists ${s}.provider_keys (name text primary key, value text not null, created_at timestamptz not null default now());
    create table if not exists ${s}.donation_attempts (key text not null, kind text not null, at timestamptz not null default now());
    create index if not exists donation_attempts_by_key on ${s}.donation_attempts (key, kind, at);
  `)
}
