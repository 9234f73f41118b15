import { randomBytes } from 'node:crypto'
import { createPgDatabase, createPgliteDatabase, type SqlDatabase } from '../db/index.ts'

/**
 * Which real engines the contract suites also run against. With REQUIRE_REAL_ENGINES=1 (CI)
 * a missing DATABASE_URL or NATS_URL is an error instead of a skipped suite.
 */
export const realEngines = {
  databaseUrl: process.env.DATABASE_URL,
  natsUrl: process.env.NATS_URL,
  required: process.env.REQUIRE_REAL_ENGINES === '1',
}

if (realEngines.required && (!realEngines.databaseUrl || !realEngines.natsUrl)) {
  throw new Error('REQUIRE_REAL_ENGINES=1 pero faltan DATABASE_URL o NATS_URL')
}

export interface DatabaseEngine {
  name: 'pglite' | 'postgres'
  open(): Promise<SqlDatabase>
}

export const databaseEngines: DatabaseEngine[] = [
  { name: 'pglite', open: () => createPgliteDatabase() },
  ...(realEngines.databaseUrl
    ? [{ name: 'postgres' as const, open: async () => createPgDatabase({ connectionString: realEngines.databaseUrl as string, max: 30 }) }]
    : []),
]

/** A schema name no other test uses, so suites can share one database. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`
}
