import pg from 'pg'
import type { QueryResult, SqlDatabase, SqlExecutor } from './sql.ts'

// bigint (int8) as a JS number: positions and counters stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value))

function executorFor(client: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async query<R>(text: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await client.query(text, params as unknown[])
      return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 }
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql)
    },
  }
}

export interface PgDatabaseOptions {
  connectionString: string
  max?: number
  applicationName?: string
  /** How long to wait for a connection (a new one or a free one from the pool); default 5 s. */
  connectionTimeoutMillis?: number
}

/** The failed query rejects with the error too; the emitted copy only needs a listener. */
function ignoreConnectionError(): void {}

/** PostgreSQL through a `pg` pool (distributed mode). */
export function createPgDatabase(options: PgDatabaseOptions): SqlDatabase {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'donaciones',
    // A forgotten open transaction holds back xmin and stalls every reader of the log.
    idle_in_transaction_session_timeout: 60_000,
    // Fail fast (503) when the server is unreachable instead of holding requests until the OS gives up.
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
  })
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  })
  const base = executorFor(pool)
  return {
    dialect: 'pg',
    ...base,
    async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      // A checked-out client has no pool listener: without this, losing the server crashes the process.
      client.on('error', ignoreConnectionError)
      try {
        await client.query('begin')
        const result = await fn(executorFor(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.off('error', ignoreConnectionError)
        client.release()
      }
    },
    async session<T>(fn: (connection: SqlExecutor) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      client.on('error', ignoreConnectionError)
      try {
        return await fn(executorFor(client))
      } finally {
        // A connection that held session locks is discarded so no lock can leak into the pool.
        client.release(true)
      }
    },
    async close(): Promise<void> {
      await pool.end()
    },
  }
}
