import { ident, tooManyRequests, type SqlExecutor } from '@donaciones/kit'

export interface Limit {
  key: string
  max: number
  windowSeconds: number
}

/**
 * Failed attempts kept in the database, so every replica counts the same ones. A key is e.g.
 * 'login:email:ana@x.mx' or 'login:ip:10.0.0.1'.
 */
export async function secondsUntilAllowed(db: SqlExecutor, schema: string, limits: readonly Limit[], now = new Date()): Promise<number> {
  let wait = 0
  for (const limit of limits) {
    const since = new Date(now.getTime() - limit.windowSeconds * 1000)
    const { rows } = await db.query<{ failed_at: Date | string }>(
      `select failed_at from ${ident(schema)}.login_failures where key = $1 and failed_at > $2 order by failed_at desc limit $3`,
      [limit.key, since, limit.max],
    )
    if (rows.length < limit.max) continue
    // The oldest of the last `max` failures leaves the window first.
    const oldest = new Date(rows[rows.length - 1]!.failed_at).getTime()
    wait = Math.max(wait, Math.ceil((oldest + limit.windowSeconds * 1000 - now.getTime()) / 1000))
  }
  return wait
}

/** 429 with Retry-After when any of the limits is reached. */
export async function assertAllowed(db: SqlExecutor, schema: string, limits: readonly Limit[]): Promise<void> {
  const wait = await secondsUntilAllowed(db, schema, limits)
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60)
    throw tooManyRequests(
      'Demasiados intentos',
      `Ha superado el número de intentos permitidos. Intente de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
      { headers: { 'Retry-After': String(wait) } },
    )
  }
}

/** Longest window any limit uses; older rows are dropped whatever their key. */
const RETENTION_MS = 24 * 60 * 60 * 1000

export async function recordFailure(db: SqlExecutor, schema: string, limits: readonly Limit[], now = new Date()): Promise<void> {
  await db.query(`delete from ${ident(schema)}.login_failures where failed_at < $1`, [new Date(now.getTime() - RETENTION_MS)])
  for (const limit of limits) {
    const since = new Date(now.getTime() - limit.windowSeconds * 1000)
    await db.query(`delete from ${ident(schema)}.login_failures where key = $1 and failed_at <= $2`, [limit.key, since])
    await db.query(`insert into ${ident(schema)}.login_failures (key, failed_at) values ($1, $2)`, [limit.key, now])
  }
}

export async function clearFailures(db: SqlExecutor, schema: string, key: string): Promise<void> {
  await db.query(`delete from ${ident(schema)}.login_failures where key = $1`, [key])
}
