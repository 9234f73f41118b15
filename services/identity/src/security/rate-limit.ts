import { takeAttempt, tooManyRequests, type AttemptLimit, type SqlDatabase } from '@donaciones/kit'

function throttled(wait: number): Error {
  const minutes = Math.ceil(wait / 60)
  return tooManyRequests(
    'Demasiados intentos',
    `Ha superado el número de intentos permitidos. Intente de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
    { headers: { 'Retry-After': String(wait) } },
  )
}

/** Counts the attempt before the secret is checked; 429 with Retry-After once a limit is reached. Returns the attempt's id. */
export async function reserveAttempt(db: SqlDatabase, schema: string, limits: readonly AttemptLimit[], now = new Date()): Promise<string> {
  const verdict = await takeAttempt(db, schema, { limits, now })
  if (!verdict.allowed) throw throttled(verdict.waitSeconds)
  return verdict.attemptId
}
