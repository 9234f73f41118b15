import { ident } from '../db/ident.ts'
import type { SqlExecutor } from '../db/index.ts'

/** The log (which is also the outbox), consumer checkpoints and the inbox of received events. */
export async function createEventStoreTables(db: SqlExecutor, schema: string): Promise<void> {
  const s = ident(schema)
  await db.exec(`
    create schema if not exists ${s};
    create table if not exists ${s}.events (
      global_position bigint generated always as identity,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      stream_version integer not null,
      event_id uuid not null unique,
      type text not null,
      schema_version integer not null,
      data jsonb not null,
      metadata jsonb not null,
      created_at timestamptz not null default now(),
      primary key (stream_id, stream_version)
    );
    create index if not exists events_commit_order on ${s}.events (transaction_id, global_position);
    create table if not exists ${s}.checkpoints (
      name text primary key,
      transaction_id xid8 not null,
      global_position bigint not null,
      updated_at timestamptz not null default now()
    );
    create table if not exists ${s}.inbox (
      event_id uuid primary key,
      received_position bigint generated always as identity,
      envelope jsonb not null,
      received_at timestamptz not null default now()
    );
    create index if not exists inbox_received_order on ${s}.inbox (received_position);
    -- Replay reads the inbox by event type: a plain column and its index spare it parsing every
    -- envelope of the types a projection does not handle (most of the inbox).
    alter table ${s}.inbox add column if not exists event_key text generated always as ((envelope->>'service') || '.' || (envelope->>'type')) stored;
    create index if not exists inbox_by_event_key on ${s}.inbox (event_key, received_position);
  `)
}
