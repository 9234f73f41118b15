import { createHash } from 'node:crypto'
import { ident, tooManyRequests, type SqlExecutor } from '@donaciones/kit'
import type { RateLimitOptions } from '../options.ts'

export interface AttemptSource {
  address: string | undefined
  email?: string | undefined
  /** The card token (only its hash is kept). */
  cardToken?: string | undefined
}

const TOO_MANY = 'Demasiados intentos de donación'
const TOO_MANY_DESCRIPTION = 'Espere unos minutos antes de intentar de nuevo'

function keysOf(source: AttemptSource, limits: RateLimitOptions): Array<{ key: string; limit: number }> {
  const keys: Array<{ key: string; limit: number }> = []
  if (source.address) keys.push({ key: `ip:${source.address}`, limit: limits.perAddress })
  if (source.email) keys.push({ key: `email:${source.email.trim().toLowerCase()}`, limit: limits.perEmail })
  if (source.cardToken) keys.push({ key: `card:${createHash('sha256').update(source.cardToken).digest('hex')}`, limit: limits.perCard })
  return keys
}

interface KeyCounts {
  attempts: number
  declines: number
}

/** Recent attempts and declines of every key, in one query. */
async function countsOf(db: SqlExecutor, schema: string, keys: readonly string[], attemptsSince: Date, declinesSince: Date): Promise<Map<string, KeyCounts>> {
  const placeholders = keys.map((_, index) => `$${index + 3}`).join(', ')
  const { rows } = await db.query<{ key: string; attempts: string | number; declines: string | number }>(
    `select key,
       count(*) filter (where kind = 'attempt' and at > $1) as attempts,
       count(*) filter (where kind = 'decline' and at > $2) as declines
     from ${ident(schema)}.donation_attempts
     where key in (${placeholders}) and at > least($1::timestamptz, $2::timestamptz)
     group by key`,
    [attemptsSince.toISOString(), declinesSince.toISOString(), ...keys],
  )
  return new Map(rows.map((row) => [row.key, { attempts: Number(row.attempts), declines: Number(row.declines) }]))
}

/** Old attempts are deleted at most this often per schema (the counts only look inside their windows anyway). */
const PRUNE_INTERVAL_MS = 60_000
const lastPruned = new Map<string, number>()

async function pruneOld(db: SqlExecutor, schema: string, limits: RateLimitOptions, now: number): Promise<void> {
  if (now - (lastPruned.get(schema) ?? 0) < PRUNE_INTERVAL_MS) return
  lastPruned.set(schema, now)
  await db.query(`delete from ${ident(schema)}.donation_attempts where at < $1`, [new Date(now - Math.max(limits.windowMs, limits.blockMs) * 2).toISOString()])
}

/**
 * Card-testing defence: counts an attempt per client address, e-mail and card token and refuses
 * (429) past the limits; a source with too many recent declines is blocked for a while.
 * One query reads every count and one insert records the attempt (issue 8: fewer round trips and commits).
 */
export async function checkAttempt(db: SqlExecutor, schema: string, limits: RateLimitOptions, source: AttemptSource): Promise<void> {
  const now = Date.now()
  const keys = keysOf(source, limits)
  if (keys.length === 0) return
  const counts = await countsOf(db, schema, keys.map(({ key }) => key), new Date(now - limits.windowMs), new Date(now - limits.blockMs))
  for (const { key } of keys) {
    if (key.startsWith('card:')) continue
    if ((counts.get(key)?.declines ?? 0) >= limits.declinesBeforeBlock) {
      throw tooManyRequests(TOO_MANY, 'Se bloquearon temporalmente los intentos por pagos rechazados', { headers: { 'Retry-After': String(Math.ceil(limits.blockMs / 1000)) } })
    }
  }
  for (const { key, limit } of keys) {
    if ((counts.get(key)?.attempts ?? 0) >= limit) {
      throw tooManyRequests(TOO_MANY, TOO_MANY_DESCRIPTION, { headers: { 'Retry-After': String(Math.ceil(limits.windowMs / 1000)) } })
    }
  }
  const values = keys.map((_, index) => `($${index + 1}, 'attempt')`).join(', ')
  await db.query(`insert into ${ident(schema)}.donation_attempts (key, kind) values ${values}`, keys.map(({ key }) => key))
  await pruneOld(db, schema, limits, now)
}

/** A decline counts against the address and the e-mail that sent it. */
export async function recordDecline(db: SqlExecutor, schema: string, limits: RateLimitOptions, source: AttemptSource): Promise<void> {
  for (const { key } of keysOf(source, limits)) {
    if (!key.startsWith('card:')) await db.query(`insert into ${ident(schema)}.donation_attempts (key, kind) values ($1, 'decline')`, [key])
  }
}
