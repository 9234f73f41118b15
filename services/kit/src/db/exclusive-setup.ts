import type { SqlDatabase } from './sql.ts'
import { stableLockKey } from './lock-key.ts'

/**
 * Runs `setup` (creating a schema's tables) while holding a session advisory lock named after the
 * schema, so replicas that start together create it one after the other. `create ... if not exists` alone is not
 * enough: two concurrent creations of one schema both pass the check and one fails on the
 * catalog's unique index.
 */
export async function setUpSchemaExclusively<T>(db: SqlDatabase, schema: string, setup: () => Promise<T>): Promise<T> {
  const key = stableLockKey(`schema-setup:${schema}`)
  return db.session(async (connection) => {
    await connection.query('select pg_advisory_lock($1)', [key])
    try {
      return await setup()
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined)
    }
  })
}
