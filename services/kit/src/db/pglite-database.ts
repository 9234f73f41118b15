import { PGlite } from '@electric-sql/pglite'
import type { QueryResult, SqlDatabase, SqlExecutor } from './sql.ts'

interface PgliteLike {
  query<R>(text: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>
  exec(sql: string): Promise<unknown>
}

function executorFor(handle: PgliteLike): SqlExecutor {
  return {
    async query<R>(text: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await handle.query<R>(text, [...params])
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length }
    },
    async exec(sql: string): Promise<void> {
      await handle.exec(sql)
    },
  }
}

/**
 * PostgreSQL compiled to WASM (embedded mode). One connection: PGlite queues callers, and a
 * transaction holds it exclusively, so inside `transaction` only `tx` may be used.
 * `dataDir` undefined means in memory.
 */
export async function createPgliteDatabase(dataDir?: string): Promise<SqlDatabase> {
  const db = await PGlite.create(dataDir ? { dataDir } : {})
  const base = executorFor(db)
  return {
    dialect: 'pglite',
    ...base,
    async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(executorFor(tx)))
    },
    async session<T>(fn: (connection: SqlExecutor) => Promise<T>): Promise<T> {
      return fn(base)
    },
    async close(): Promise<void> {
      if (!db.closed) await db.close()
    },
  }
}
