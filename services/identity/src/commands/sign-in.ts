import { EMAIL_NOT_VERIFIED_TEXT, EMAIL_NOT_VERIFIED_TITLE, userSignedIn } from '@donaciones/contracts'
import { clearAttempts, forbidden, forgiveAttempt, newEvent, unauthorized, type AttemptLimit } from '@donaciones/kit'
import { emailKey, findUserByEmail } from '../projections/users.ts'
import { verifyPassword } from '../security/passwords.ts'
import { loadCredentials } from '../security/private-tables.ts'
import { reserveAttempt } from '../security/rate-limit.ts'
import { issueToken } from '../tokens.ts'
import { appendAnyVersion, userStream, type IdentityDeps } from './deps.ts'

export const invalidCredentials = () => unauthorized('Credenciales inválidas', 'Verifique su correo electrónico y contraseña')

export function loginLimits(deps: IdentityDeps, email: string, ip: string): AttemptLimit[] {
  const { perEmail, perIp, windowSeconds } = deps.options.loginLimits
  return [
    { key: `login:email:${emailKey(email)}`, max: perEmail, windowMs: windowSeconds * 1000 },
    { key: `login:ip:${ip}`, max: perIp, windowMs: windowSeconds * 1000 },
  ]
}

/**
 * POST /auth/login. Wrong e-mail and wrong password answer the same 401 in the same time; the
 * attempts count per e-mail and per client address before the password is checked (429 once
 * either limit is reached); a right password takes its attempt back. A self sign-up whose e-mail
 * is not verified yet, and an inactive user, are refused (403) only after the right password.
 */
export async function signIn(deps: IdentityDeps, email: string, password: string, ip: string, correlationId: string): Promise<string> {
  const { store } = deps.context
  const limits = loginLimits(deps, email, ip)
  const attemptId = await reserveAttempt(store.db, store.schema, limits)
  const user = await findUserByEmail(store.db, store.schema, email)
  const stored = user ? await loadCredentials(store.db, store.schema, user.id) : undefined
  const valid = await verifyPassword(password, stored)
  if (!user || !valid) throw invalidCredentials()
  await forgiveAttempt(store.db, store.schema, attemptId)
  if (!user.email_verified) throw forbidden(EMAIL_NOT_VERIFIED_TITLE, EMAIL_NOT_VERIFIED_TEXT)
  if (!user.active) throw forbidden('Usuario inactivo', 'Su cuenta está desactivada; comuníquese con un administrador')
  await clearAttempts(store.db, store.schema, limits[0]!.key)
  await appendAnyVersion(store, userStream(user.id), [newEvent(userSignedIn, { userId: user.id, method: 'password' })], {
    actor: user.id,
    correlationId,
  })
  return issueToken(deps.context, user, deps.options.tokenTtlSeconds)
}
