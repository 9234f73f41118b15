import type { ResetPasswordRequest } from '@donaciones/contracts'
import { forgiveAttempt, handleCommandIn, retryingTransaction, unauthorized, validationError } from '@donaciones/kit'
import { hashPassword, verifyPassword } from '../security/passwords.ts'
import { loadCredentials, storeCredentials } from '../security/private-tables.ts'
import { reserveAttempt } from '../security/rate-limit.ts'
import { metadataOf, userStream, type CommandMeta, type IdentityDeps } from './deps.ts'
import { loginLimits } from './sign-in.ts'
import { userDecider } from './user-decider.ts'

/**
 * POST /auth/reset-password: the signed-in user replaces his (provisional) password, proving the
 * current one. Clears changePassword and ends every token: he signs in again.
 */
export async function resetPassword(deps: IdentityDeps, input: ResetPasswordRequest, ip: string, meta: CommandMeta): Promise<void> {
  const { store } = deps.context
  const actor = meta.actor
  if (!actor) throw unauthorized()
  const limits = loginLimits(deps, actor.email, ip)
  const attemptId = await reserveAttempt(store.db, store.schema, limits)
  const valid = await verifyPassword(input.password, await loadCredentials(store.db, store.schema, actor._id))
  if (!valid) throw validationError([{ path: 'password', message: 'Contraseña incorrecta' }])
  await forgiveAttempt(store.db, store.schema, attemptId)
  if (input.newPassword === input.password) {
    throw validationError([{ path: 'newPassword', message: 'La nueva contraseña debe ser diferente de la actual' }])
  }
  const hash = await hashPassword(input.newPassword)
  await retryingTransaction(store, async (tx) => {
    await handleCommandIn(store, tx, userStream(actor._id), userDecider, { kind: 'reset-password' }, { metadata: metadataOf(meta) })
    await storeCredentials(tx, store.schema, actor._id, hash)
  })
}
