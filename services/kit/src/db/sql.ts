export interface QueryResult<R> {
  rows: R[]
  rowCount: number
}

/** Anything that runs SQL: a pool, a PGlite instance or an open transaction. */
export interface SqlExecutor {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>>
  /** Runs one or more statements without parameters (DDL). */
  exec(sql: string): Promise<void>
}

export type SqlDialect = 'pg' | 'pglite'

export interface SqlDatabase extends SqlExecutor {
  readonly dialect: SqlDialect
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. Always use `tx` inside. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>
  /** Runs `fn` on one dedicated connection (session-level advisory locks live as long as it runs). */
  session<T>(fn: (connection: SqlExecutor) => Promise<T>): Promise<T>
  close(): Promise<void>
}
