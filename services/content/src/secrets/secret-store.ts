import type { secretNames } from '@donaciones/contracts'
import { ident, type SqlExecutor } from '@donaciones/kit'
import { decryptSecret, encryptSecret } from './secret-box.ts'

export type SecretName = (typeof secretNames)[number]
export type Secrets = Partial<Record<SecretName, string>>

// The table config_secrets is created by the service's migrations (src/migrations.ts).

export async function readSecrets(db: SqlExecutor, schema: string, key: Buffer): Promise<Secrets> {
  const { rows } = await db.query<{ name: SecretName; sealed: string }>(`select name, sealed from ${ident(schema)}.config_secrets`)
  const secrets: Secrets = {}
  for (const row of rows) secrets[row.name] = decryptSecret(key, row.name, row.sealed)
  return secrets
}

export async function writeSecrets(tx: SqlExecutor, schema: string, key: Buffer, changes: Secrets): Promise<void> {
  for (const [name, value] of Object.entries(changes) as [SecretName, string][]) {
    await tx.query(
      `insert into ${ident(schema)}.config_secrets (name, sealed, updated_at) values ($1, $2, now())
       on conflict (name) do update set sealed = excluded.sealed, updated_at = now()`,
      [name, encryptSecret(key, name, value)],
    )
  }
}
