import { attemptsMigration, type Migration } from '@donaciones/kit'

/**
 * The identity service's private tables: secrets and request bookkeeping. They are not projections
 * (replay never drops them) and nothing in them is ever written to an event.
 */
export const identityMigrations: readonly Migration[] = [
  {
    id: '001-credentials-and-tokens',
    sql: (s) => `
      create table if not exists ${s}.credentials (
        user_id text primary key,
        salt text not null,
        hash text not null,
        params jsonb not null,
        updated_at timestamptz not null default now()
      );
      create table if not exists ${s}.recovery_tokens (
        token_hash text primary key,
        user_id text not null,
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index if not exists recovery_tokens_user on ${s}.recovery_tokens (user_id);
      create table if not exists ${s}.verification_tokens (
        token_hash text primary key,
        user_id text not null,
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index if not exists verification_tokens_user on ${s}.verification_tokens (user_id);
      create table if not exists ${s}.setup_admins (
        setup_id text primary key,
        user_id text not null,
        created_at timestamptz not null default now()
      );`,
  },
  attemptsMigration,
  // Failed sign-ins moved to the kit's attempts table.
  { id: '002-drop-login-failures', sql: (s) => `drop table if exists ${s}.login_failures` },
  {
    id: '003-signing-keys',
    sql: (s) => `create table if not exists ${s}.signing_keys (
      kid text primary key, private_jwk jsonb not null, public_jwk jsonb not null, created_at timestamptz not null default now())`,
  },
  {
    id: '004-oauth-flows-and-handoffs',
    sql: (s) => `
      create table if not exists ${s}.oauth_flows (
        state text primary key,
        provider text not null,
        code_verifier text,
        expires_at timestamptz not null);
      create table if not exists ${s}.oauth_handoffs (
        key_hash text primary key,
        auth_user jsonb not null,
        expires_at timestamptz not null)`,
  },
  {
    // Each verification link carries the password (scrypt) and name of the registration that mailed
    // it; opening the link needs that password and gives it to the account. Links mailed before this
    // have none and are checked against the account's password.
    id: '005-verification-registrations',
    sql: (s) => `
      alter table ${s}.verification_tokens add column if not exists salt text;
      alter table ${s}.verification_tokens add column if not exists hash text;
      alter table ${s}.verification_tokens add column if not exists params jsonb;
      alter table ${s}.verification_tokens add column if not exists name text;
      alter table ${s}.verification_tokens add column if not exists last_name text`,
  },
]
