import { createAttemptTable, ident, type SqlExecutor } from '@donaciones/kit'
import type { PasswordHash } from './passwords.ts'

/**
 * Tables that hold secrets or request bookkeeping. They are not projections: replay never drops
 * them, and nothing in them is ever written to an event.
 */
export async function createPrivateTables(db: SqlExecutor, schema: string): Promise<void> {
  const s = ident(schema)
  await db.exec(`
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
    -- Attempts now live in the kit's attempts table.
    drop table if exists ${s}.login_failures;
    create table if not exists ${s}.setup_admins (
      setup_id text primary key,
      user_id text not null,
      created_at timestamptz not null default now()
    );
  `)
  await createAttemptTable(db, schema)
}

export async function storeCredentials(tx: SqlExecutor, schema: string, userId: string, password: PasswordHash): Promise<void> {
  await tx.query(
    `insert into ${ident(schema)}.credentials (user_id, salt, hash, params, updated_at) values ($1, $2, $3, $4::jsonb, now())
     on conflict (user_id) do update set salt = excluded.salt, hash = excluded.hash, params = excluded.params, updated_at = now()`,
    [userId, password.salt, password.hash, JSON.stringify(password.params)],
  )
}

export async function loadCredentials(db: SqlExecutor, schema: string, userId: string): Promise<PasswordHash | undefined> {
  const { rows } = await db.query<{ salt: string; hash: string; params: PasswordHash['params'] }>(
    `select salt, hash, params from ${ident(schema)}.credentials where user_id = $1`,
    [userId],
  )
  const row = rows[0]
  return row ? { salt: row.salt, hash: row.hash, params: row.params } : undefined
}

export async function deleteSecretsOf(tx: SqlExecutor, schema: string, userId: string): Promise<void> {
  await tx.query(`delete from ${ident(schema)}.credentials where user_id = $1`, [userId])
  await tx.query(`delete from ${ident(schema)}.recovery_tokens where user_id = $1`, [userId])
  await tx.query(`delete from ${ident(schema)}.verification_tokens where user_id = $1`, [userId])
}
