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

/** What one registration leaves with its verification link: the password it chose and the name it gave. */
export interface PendingRegistration {
  password: PasswordHash
  name: string
  lastName: string
}

/** A verification link's hash, its account and lifetime, and the registration that mailed it. */
export async function storeVerificationToken(
  tx: SqlExecutor,
  schema: string,
  link: { tokenHash: string; userId: string; expiresAt: Date },
  registration: PendingRegistration,
): Promise<void> {
  const { password } = registration
  await tx.query(
    `insert into ${ident(schema)}.verification_tokens (token_hash, user_id, expires_at, salt, hash, params, name, last_name)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)`,
    [link.tokenHash, link.userId, link.expiresAt, password.salt, password.hash, JSON.stringify(password.params), registration.name, registration.lastName],
  )
}

/**
 * The unused, unexpired verification link with this hash: its account and, for links mailed since
 * registrations kept their password with the link, that registration (null for older links).
 */
export async function findPendingVerification(
  db: SqlExecutor,
  schema: string,
  tokenHash: string,
): Promise<{ userId: string; registration: PendingRegistration | null } | undefined> {
  const { rows } = await db.query<{ user_id: string; salt: string | null; hash: string | null; params: PasswordHash['params'] | null; name: string | null; last_name: string | null }>(
    `select user_id, salt, hash, params, name, last_name from ${ident(schema)}.verification_tokens
     where token_hash = $1 and used_at is null and expires_at > now()`,
    [tokenHash],
  )
  const row = rows[0]
  if (!row) return undefined
  const registration =
    row.salt !== null && row.hash !== null && row.params !== null && row.name !== null && row.last_name !== null
      ? { password: { salt: row.salt, hash: row.hash, params: row.params }, name: row.name, lastName: row.last_name }
      : null
  return { userId: row.user_id, registration }
}
