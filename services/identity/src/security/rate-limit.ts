import { randomUUID } from 'node:crypto'
import { ident, tooManyRequests, type SqlDatabase, type SqlExecutor } from '@donaciones/kit'

export interface Limit {
  key: string
  max: number
  windowSeconds: number
}

/**
 * Attempts kept in the database, so every replica counts the same ones. A key is e.g.
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
    // The oldest of the last `max` attempts leaves the window first.
    const oldest = new Date(rows[rows.length - 1]!.failed_at).getTime()
    wait = Math.max(wait, Math.ceil((oldest + limit.windowSeconds * 1000 - now.getTime()) / 1000))
  }
  return wait
}

function throttled(wait: number): Error {
  const minutes = Math.ceil(wait / 60)
  return tooManyRequests(
    'Demasiados intentos',
    `Ha superado el número de intentos permitidos. Intente de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
    { headers: { 'Retry-After': String(wait) } },
  )
}

/** Longest window any limit uses; older rows are dropped whatever their key. */
const RETENTION_MS = 24 * 60 * 60 * 1000

async function insertAttempt(db: SqlExecutor, schema: string, limits: readonly Limit[], attemptId: string, now: Date): Promise<void> {
  await db.query(`delete from ${ident(schema)}.login_failures where failed_at < $1`, [new Date(now.getTime() - RETENTION_MS)])
  for (const limit of limits) {
    await db.query(`insert into ${ident(schema)}.login_failures (key, failed_at, attempt_id) values ($1, $2, $3)`, [limit.key, now, attemptId])
  }
}

export type AttemptSlot = { allowed: true; attemptId: string } | { allowed: false; waitSeconds: number }

/**
 * Counts an attempt BEFORE the secret is checked, unless a limit is already reached. Check and
 * count happen in one transaction holding an advisory lock per key, so attempts sent in parallel
 * cannot all pass the check before the first one is counted.
 */
export async function takeAttempt(db: SqlDatabase, schema: string, limits: readonly Limit[], now = new Date()): Promise<AttemptSlot> {
  const attemptId = randomUUID()
  return db.transaction(async (tx): Promise<AttemptSlot> => {
    // Sorted, so two requests sharing keys take the locks in the same order (no deadlock).
    for (const key of limits.map((limit) => limit.key).sort()) {
      await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`${schema}.login_failures:${key}`])
    }
    const waitSeconds = await secondsUntilAllowed(tx, schema, limits, now)
    if (waitSeconds > 0) return { allowed: false, waitSeconds }
    await insertAttempt(tx, schema, limits, attemptId, now)
    return { allowed: true, attemptId }
  })
}

/** `takeAttempt`, answering 429 with Retry-After when a limit is reached. Returns the attempt's id. */
export async function reserveAttempt(db: SqlDatabase, schema: string, limits: readonly Limit[], now = new Date()): Promise<string> {
  const slot = await takeAttempt(db, schema, limits, now)
  if (!slot.allowed) throw throttled(slot.waitSeconds)
  return slot.attemptId
}

/** A successful attempt does not count against the limits. */
export async function forgiveAttempt(db: SqlExecutor, schema: string, attemptId: string): Promise<void> {
  await db.query(`delete from ${ident(schema)}.login_failures where attempt_id = $1`, [attemptId])
}

export async function clearFailures(db: SqlExecutor, schema: string, key: string): Promise<void> {
  await db.query(`delete from ${ident(schema)}.login_failures where key = $1`, [key])
}
