export type { QueryResult, SqlDatabase, SqlDialect, SqlExecutor } from './sql.ts'
export { createPgDatabase } from './pg-database.ts'
export { createPgliteDatabase } from './pglite-database.ts'
