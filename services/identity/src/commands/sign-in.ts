import { setTimeout as sleep } from 'node:timers/promises'
import { clearAttempts, countAttempts, forgiveAttempt, handleCommand, unauthorized, type AttemptLimit } from '@donaciones/kit'
import { emailKey, findUserByEmail } from '../projections/users.ts'
import { verifyPassword } from '../security/passwords.ts'
import { loadCredentials } from '../security/private-tables.ts'
import { reserveAttempt } from '../security/rate-limit.ts'
import { issueToken } from '../tokens.ts'
import { userStream, type IdentityDeps } from './deps.ts'
import { userDecider } from './user-decider.ts'

export const invalidCredentials = () => unauthorized('Credenciales inválidas', 'Verifique su correo electrónico y contraseña')

/** The keys of an e-mail's failures per address start with this. */
export const emailAddressKeyPrefix = (email: string) => `login:email-ip:${emailKey(email)}|`

/** What locks with a 429: failures of one e-mail from one address, and of one address (never an e-mail from everywhere). */
export function loginLimits(deps: IdentityDeps, email: string, ip: string): AttemptLimit[] {
  const { perEmailAndIp, perIp, windowSeconds } = deps.options.loginLimits
  return [
    { key: `${emailAddressKeyPrefix(email)}${ip}`, max: perEmailAndIp, windowMs: windowSeconds * 1000 },
    { key: `login:ip:${ip}`, max: perIp, windowMs: windowSeconds * 1000 },
  ]
}

/** The key counting an e-mail's failures from every address: it slows sign-ins down, it never refuses them. */
export const accountFailuresKey = (email: string) => `login:email:${emailKey(email)}`

/** How long an attempt for an e-mail with `failures` recent failures waits before its password is checked. */
export function loginDelayMs(delay: IdentityDeps['options']['loginDelay'], failures: number): number {
  if (failures <= delay.freeFailures) return 0
  return Math.min(delay.maxDelayMs, delay.firstDelayMs * 2 ** (failures - delay.freeFailures - 1))
}

/**
 * POST /auth/login. Wrong e-mail and wrong password answer the same 401 in the same time. Before
 * the password is checked the attempt counts per (e-mail, address) and per address (429 once
 * either limit is reached) and, without a limit, per e-mail: past a few failures of that e-mail
 * from anywhere, every attempt waits longer, so guesses from many addresses slow down while the
 * owner, from an address that has not failed, still gets in. A right password takes its attempt
 * back. A self sign-up whose e-mail is not verified yet, and an inactive user, are refused (403)
 * only after the right password.
 */
export async function signIn(deps: IdentityDeps, email: string, password: string, ip: string, correlationId: string): Promise<string> {
  const { store } = deps.context
  const limits = loginLimits(deps, email, ip)
  const accountKey = accountFailuresKey(email)
  const attemptId = await reserveAttempt(store.db, store.schema, limits, [{ key: accountKey }])
  // This attempt is among the rows: the failures before it are one less.
  const failures = (await countAttempts(store.db, store.schema, accountKey, deps.options.loginLimits.windowSeconds * 1000)) - 1
  const delay = loginDelayMs(deps.options.loginDelay, failures)
  if (delay > 0) await sleep(delay)
  const user = await findUserByEmail(store.db, store.schema, email)
  const stored = user ? await loadCredentials(store.db, store.schema, user.id) : undefined
  const valid = await verifyPassword(password, stored)
  if (!user || !valid) throw invalidCredentials()
  await forgiveAttempt(store.db, store.schema, attemptId)
  // The user decider refuses an unverified or inactive account (403) before anything is cleared.
  await handleCommand(store, userStream(user.id), userDecider, { kind: 'sign-in' }, { metadata: { actor: user.id, correlationId } })
  // The owner proved himself: his address's failures and the e-mail's slowdown end.
  await clearAttempts(store.db, store.schema, limits[0]!.key)
  await clearAttempts(store.db, store.schema, accountKey)
  return issueToken(deps.context, user, deps.options.tokenTtlSeconds)
}
