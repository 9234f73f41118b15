import type { SqlDatabase, SqlExecutor } from '@donaciones/kit'

/** Time spent in each statement, by its first words (parameters and whitespace aside). */
export type StatementTimes = Map<string, { ms: number; count: number }>

const statementKey = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 110)

function timedExecutor(executor: SqlExecutor, times: StatementTimes): SqlExecutor {
  const timed = async <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    try {
      return await run()
    } finally {
      const key = statementKey(sql)
      const entry = times.get(key) ?? { ms: 0, count: 0 }
      times.set(key, { ms: entry.ms + performance.now() - started, count: entry.count + 1 })
    }
  }
  return {
    query: <R>(text: string, params?: readonly unknown[]) => timed(text, () => executor.query<R>(text, params)),
    exec: (sql) => timed(sql, () => executor.exec(sql)),
  }
}

/**
 * The database with every statement run inside its transactions timed (what replay runs): the
 * wait for each, including the driver's decoding of its rows, so the rest is this process's work.
 */
export function timedDatabase(db: SqlDatabase, times: StatementTimes): SqlDatabase {
  return {
    dialect: db.dialect,
    query: <R>(text: string, params?: readonly unknown[]) => db.query<R>(text, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction((tx) => fn(timedExecutor(tx, times))),
    session: (fn) => db.session(fn),
    close: () => db.close(),
  }
}

/** The statements that took longest, one line each, and the time outside them. */
export function summariseStatements(times: StatementTimes, totalMs: number, top = 8): string[] {
  const ranked = [...times].sort((a, b) => b[1].ms - a[1].ms)
  const inStatements = ranked.reduce((sum, [, entry]) => sum + entry.ms, 0)
  return [
    `${inStatements.toFixed(0)} ms en ${ranked.reduce((sum, [, entry]) => sum + entry.count, 0)} sentencias de ${totalMs.toFixed(0)} ms; fuera de ellas ${(totalMs - inStatements).toFixed(0)} ms`,
    ...ranked.slice(0, top).map(([sql, entry]) => `${entry.ms.toFixed(1).padStart(8)} ms ×${String(entry.count).padEnd(4)} ${sql}`),
  ]
}
