import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { acquireDataDirLock, createPgDatabase, createPgliteDatabase, ident, type SqlDatabase } from '@donaciones/kit'
import type { BenchMode } from '../types.ts'

export const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/postgres'

export interface ReplayDatabase {
  db: SqlDatabase
  /** The audit service's schema in this database. */
  schema: string
  dispose(): Promise<void>
}

/**
 * The database as `npm run replay` opens it: embedded, PGlite under a fresh DATA_DIR with the
 * platform's lock taken; on PostgreSQL, a pool of two under a schema prefix of its own.
 */
export async function openReplayDatabase(mode: BenchMode): Promise<ReplayDatabase> {
  if (mode === 'embedded') {
    const dataDir = mkdtempSync(join(tmpdir(), 'donaciones-replay-'))
    const lock = acquireDataDirLock(dataDir)
    const db = await createPgliteDatabase(join(dataDir, 'pglite'))
    return {
      db,
      schema: 'audit',
      async dispose() {
        await db.close()
        lock.release()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  const db = createPgDatabase({ connectionString: process.env.DATABASE_URL ?? defaultDatabaseUrl, max: 2, applicationName: 'donaciones-replay' })
  const schema = `bench_replay_${randomBytes(5).toString('hex')}_audit`
  return {
    db,
    schema,
    async dispose() {
      try {
        await db.exec(`drop schema if exists ${ident(schema)} cascade`)
      } finally {
        await db.close()
      }
    },
  }
}
