import type { SqlDatabase, SqlExecutor } from '../db/index.ts'
import { runMigrations, type Migration } from '../db/migrations.ts'
import type { Projection } from './projection.ts'
import { ident } from '../db/ident.ts'

/** How a projection's migration is recorded beside the service's own in `schema_migrations`. */
function recorded(projection: Projection): Migration[] {
  return (projection.migrations ?? []).map((migration) => ({ id: `${projection.name}:${migration.id}`, sql: migration.sql }))
}

/** At start: the projection's tables as first released, then its migrations not yet applied here. */
export async function setUpProjection(db: SqlDatabase, schema: string, projection: Projection): Promise<void> {
  await projection.setup(db, schema)
  const migrations = recorded(projection)
  if (migrations.length > 0) await runMigrations(db, schema, migrations)
}

/** Replay, on tables it has just dropped: `setup` and every migration, in the replay's transaction. */
export async function recreateProjectionTables(tx: SqlExecutor, schema: string, projection: Projection): Promise<void> {
  await projection.setup(tx, schema)
  for (const migration of projection.migrations ?? []) await tx.exec(migration.sql(ident(schema)))
}
