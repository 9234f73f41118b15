import { takeAttempt, tooManyRequests, type AttemptLimit, type AttemptRow, type SqlDatabase } from '@donaciones/kit'

function throttled(wait: number): Error {
  const minutes = Math.ceil(wait / 60)
  return tooManyRequests(
    'Demasiados intentos',
    `Ha superado el número de intentos permitidos. Intente de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
    { headers: { 'Retry-After': String(wait) } },
  )
}

/**
 * Counts the attempt before the secret is checked; 429 with Retry-After once a limit is reached.
 * `alsoRecord` adds rows that are counted without limiting (an e-mail's failures). Returns the attempt's id.
 */
export async function reserveAttempt(db: SqlDatabase, schema: string, limits: readonly AttemptLimit[], alsoRecord: readonly AttemptRow[] = [], now = new Date()): Promise<string> {
  const record = [...limits.map(({ key, kind }) => ({ key, ...(kind ? { kind } : {}) })), ...alsoRecord]
  const verdict = await takeAttempt(db, schema, { limits, record, now })
  if (!verdict.allowed) throw throttled(verdict.waitSeconds)
  return verdict.attemptId
}
