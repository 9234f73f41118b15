import { ident, type SqlExecutor } from '@donaciones/kit'
import type { PasswordHash } from './passwords.ts'

// Secrets and request bookkeeping, in the private tables of src/migrations.ts (never in an event).

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
