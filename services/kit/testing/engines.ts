import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { createPgDatabase, createPgliteDatabase, type SqlDatabase } from '../src/db/index.ts'

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

/**
 * Whether a suite that needs an engine or a binary should be skipped: `missing` says what is
 * absent. With REQUIRE_REAL_ENGINES=1 nothing may be skipped for that reason, so the absence
 * throws and the run fails with the reason.
 */
export function skipWithout(missing: string | undefined): boolean {
  if (!missing) return false
  if (realEngines.required) throw new Error(`REQUIRE_REAL_ENGINES=1 pero ${missing}`)
  return true
}

/** Where nats-server is: on PATH, or where Debian (/usr/sbin) and the release archives put it. */
export function natsServerBinary(): string | undefined {
  const onPath = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir.startsWith('/'))
  return [...onPath, '/usr/sbin', '/usr/local/bin', '/usr/bin']
    .map((dir) => join(dir, 'nats-server'))
    .find((candidate) => existsSync(candidate))
}
