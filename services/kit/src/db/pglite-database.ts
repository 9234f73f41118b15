import { openPglite } from './pglite-snapshot.ts'
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
 * PGlite is an optional dependency of the kit, loaded on first use: the service and gateway images
 * run on PostgreSQL and are installed without it (decision 93).
 */
async function loadPglite(): Promise<typeof import('@electric-sql/pglite')> {
  try {
    return await import('@electric-sql/pglite')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error
    throw new Error('La base de datos embebida necesita @electric-sql/pglite, una dependencia opcional que esta instalación omitió; configure DATABASE_URL o instale las dependencias opcionales.', { cause: error })
  }
}

/**
 * PostgreSQL compiled to WASM (embedded mode). One connection: PGlite queues callers, and a
 * transaction holds it exclusively, so inside `transaction` only `tx` may be used.
 * `dataDir` undefined means in memory.
 */
export async function createPgliteDatabase(dataDir?: string): Promise<SqlDatabase> {
  const { PGlite } = await loadPglite()
  const db = await openPglite((options) => PGlite.create(options), dataDir)
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
