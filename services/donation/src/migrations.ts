import { attemptsMigration, type Migration } from '@donaciones/kit'

/**
 * The donation service's private tables (not projections: a replay neither drops nor rebuilds
 * them), in the order they were introduced: webhook events already handled, the provider's webhook
 * verification key, the kit's attempt log of the rate limits, the stamped files of the deductible receipts, and
 * the providers' failures at donation time.
 */
export const donationMigrations: readonly Migration[] = [
  {
    id: '001-webhook-events-and-provider-keys',
    sql: (s) => `
      create table if not exists ${s}.webhook_events (provider text not null, event_id text not null, received_at timestamptz not null default now(), primary key (provider, event_id));
      create table if not exists ${s}.provider_keys (name text primary key, value text not null, created_at timestamptz not null default now());`,
  },
  attemptsMigration,
  // Attempts moved to the kit's attempts table.
  { id: '002-drop-donation-attempts', sql: (s) => `drop table if exists ${s}.donation_attempts` },
  // Not a private table: once, the donations approved before folios existed take theirs from the log (decision 88).
  {
    id: '003-folios-of-earlier-approvals',
    // Only where the projection already has the column: a new schema has nothing to give a folio to.
    sql: (s) => `
      do $$ begin
        if exists (select 1 from pg_attribute where attrelid = to_regclass('${s}.donations') and attname = 'folio' and not attisdropped) then
          update ${s}.donations d set folio = e.global_position from ${s}.events e
          where d.approved and d.folio is null and e.type = 'DonationApproved' and e.data->>'donationId' = d.id;
        end if;
      end $$`,
  },
  // The stamped XML and PDF of each issued deductible receipt (decision 90).
  {
    id: '004-receipt-files',
    sql: (s) => `create table if not exists ${s}.receipt_files (donation_id text primary key, xml bytea not null, pdf bytea not null, stored_at timestamptz not null default now())`,
  },
  // The payment providers whose calls fail at donation time, one row per provider until a call works again (providers/provider-health.ts).
  {
    id: '005-provider-failures',
    sql: (s) => `
      create table if not exists ${s}.provider_failures (
        provider text primary key,
        kind text not null,
        reason text not null,
        since timestamptz not null,
        last_at timestamptz not null,
        donations integer not null
      )`,
  },
]
