import { createHash } from 'node:crypto'
import { recordAttempt, takeAttempt, tooManyRequests, type AttemptLimit, type SqlDatabase, type SqlExecutor } from '@donaciones/kit'
import type { RateLimitOptions } from '../options.ts'

export interface AttemptSource {
  address: string | undefined
  email?: string | undefined
  /** The card token (only its hash is kept). */
  cardToken?: string | undefined
}

const TOO_MANY = 'Demasiados intentos de donación'
const TOO_MANY_DESCRIPTION = 'Espere unos minutos antes de intentar de nuevo'
const BLOCKED_DESCRIPTION = 'Se bloquearon temporalmente los intentos por pagos rechazados'
const DECLINE = 'decline'

function keysOf(source: AttemptSource, limits: RateLimitOptions): Array<{ key: string; max: number }> {
  const keys: Array<{ key: string; max: number }> = []
  if (source.address) keys.push({ key: `ip:${source.address}`, max: limits.perAddress })
  if (source.email) keys.push({ key: `email:${source.email.trim().toLowerCase()}`, max: limits.perEmail })
  if (source.cardToken) keys.push({ key: `card:${createHash('sha256').update(source.cardToken).digest('hex')}`, max: limits.perCard })
  return keys
}

/** Declines count against the address and the e-mail, never the card (a new card is a new token). */
const declineKeys = (source: AttemptSource, limits: RateLimitOptions) => keysOf(source, limits).filter(({ key }) => !key.startsWith('card:'))

/**
 * Card-testing defence: counts an attempt per client address, e-mail and card token before the
 * payment and refuses (429) past the limits; a source with too many recent declines is blocked
 * for a while. Parallel attempts cannot all slip under a limit (kit `takeAttempt`).
 */
export async function checkAttempt(db: SqlDatabase, schema: string, limits: RateLimitOptions, source: AttemptSource): Promise<void> {
  const keys = keysOf(source, limits)
  if (keys.length === 0) return
  const blocks: AttemptLimit[] = declineKeys(source, limits).map(({ key }) => ({ key, kind: DECLINE, max: limits.declinesBeforeBlock, windowMs: limits.blockMs }))
  const attempts: AttemptLimit[] = keys.map(({ key, max }) => ({ key, max, windowMs: limits.windowMs }))
  const verdict = await takeAttempt(db, schema, { limits: [...blocks, ...attempts], record: keys.map(({ key }) => ({ key })) })
  if (verdict.allowed) return
  const description = verdict.limit.kind === DECLINE ? BLOCKED_DESCRIPTION : TOO_MANY_DESCRIPTION
  throw tooManyRequests(TOO_MANY, description, { headers: { 'Retry-After': String(verdict.waitSeconds) } })
}

/** A decline counts against the address and the e-mail that sent it. */
export async function recordDecline(db: SqlExecutor, schema: string, limits: RateLimitOptions, source: AttemptSource): Promise<void> {
  await recordAttempt(db, schema, declineKeys(source, limits).map(({ key }) => ({ key, kind: DECLINE })))
}
