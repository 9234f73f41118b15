import { ident } from './ident.ts'
import { stableLockKey } from './lock-key.ts'
import type { SqlDatabase } from './sql.ts'

/**
 * One change of a service's private tables (tables no projection owns: credentials, keys, blobs…).
 * `id` never changes once released; `sql` may hold several statements.
 */
export interface Migration {
  id: string
  /** `schema` comes quoted, ready to write `${schema}.table`. */
  sql(schema: string): string
}

/**
 * Applies, in order, the migrations of `schema` not yet recorded in `<schema>.schema_migrations`,
 * all in one transaction. A transaction-scoped advisory lock makes a second process of the same
 * service wait and then find them recorded. Returns the ids applied now.
 */
export async function runMigrations(db: SqlDatabase, schema: string, migrations: readonly Migration[]): Promise<string[]> {
  const seen = new Set<string>()
  for (const { id } of migrations) {
    if (seen.has(id)) throw new Error(`Migración repetida en ${schema}: ${id}`)
    seen.add(id)
  }
  const s = ident(schema)
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [stableLockKey(`schema-migrations:${schema}`)])
    await tx.exec(`create schema if not exists ${s};
      create table if not exists ${s}.schema_migrations (id text primary key, applied_at timestamptz not null default now())`)
    const recorded = new Set((await tx.query<{ id: string }>(`select id from ${s}.schema_migrations`)).rows.map((row) => row.id))
    const applied: string[] = []
    for (const migration of migrations) {
      if (recorded.has(migration.id)) continue
      await tx.exec(migration.sql(s))
      await tx.query(`insert into ${s}.schema_migrations (id) values ($1)`, [migration.id])
      applied.push(migration.id)
    }
    return applied
  })
}
