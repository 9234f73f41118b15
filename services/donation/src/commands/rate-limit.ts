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

async function countSince(db: SqlExecutor, schema: string, key: string, kind: string, since: Date): Promise<number> {
  const { rows } = await db.query<{ total: string | number }>(
    `select count(*) as total from ${ident(schema)}.donation_attempts where key = $1 and kind = $2 and at > $3`,
    [key, kind, since.toISOString()],
  )
  return Number(rows[0]?.total ?? 0)
}

/**
 * Card-testing defence: counts an attempt per client address, e-mail and card token and refuses
 * (429) past the limits; a source with too many recent declines is blocked for a while.
 */
export async function checkAttempt(db: SqlExecutor, schema: string, limits: RateLimitOptions, source: AttemptSource): Promise<void> {
  const now = Date.now()
  const keys = keysOf(source, limits)
  for (const { key } of keys) {
    if (key.startsWith('card:')) continue
    if ((await countSince(db, schema, key, 'decline', new Date(now - limits.blockMs))) >= limits.declinesBeforeBlock) {
      throw tooManyRequests(TOO_MANY, 'Se bloquearon temporalmente los intentos por pagos rechazados', { headers: { 'Retry-After': String(Math.ceil(limits.blockMs / 1000)) } })
    }
  }
  for (const { key, limit } of keys) {
    if ((await countSince(db, schema, key, 'attempt', new Date(now - limits.windowMs))) >= limit) {
      throw tooManyRequests(TOO_MANY, TOO_MANY_DESCRIPTION, { headers: { 'Retry-After': String(Math.ceil(limits.windowMs / 1000)) } })
    }
  }
  for (const { key } of keys) await db.query(`insert into ${ident(schema)}.donation_attempts (key, kind) values ($1, 'attempt')`, [key])
  await db.query(`delete from ${ident(schema)}.donation_attempts where at < $1`, [new Date(now - Math.max(limits.windowMs, limits.blockMs) * 2).toISOString()])
}

/** A decline counts against the address and the e-mail that sent it. */
export async function recordDecline(db: SqlExecutor, schema: string, limits: RateLimitOptions, source: AttemptSource): Promise<void> {
  for (const { key } of keysOf(source, limits)) {
    if (!key.startsWith('card:')) await db.query(`insert into ${ident(schema)}.donation_attempts (key, kind) values ($1, 'decline')`, [key])
  }
}
