import { userPasswordChanged, type ResetPasswordRequest } from '@donaciones/contracts'
import { forgiveAttempt, newEvent, unauthorized, validationError } from '@donaciones/kit'
import { hashPassword, verifyPassword } from '../security/passwords.ts'
import { loadCredentials, storeCredentials } from '../security/private-tables.ts'
import { reserveAttempt } from '../security/rate-limit.ts'
import { metadataOf, userStream, type CommandMeta, type IdentityDeps } from './deps.ts'
import { loadUserForUpdate } from './load-user.ts'
import { loginLimits } from './sign-in.ts'

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
  await store.transaction(async (tx) => {
    await loadUserForUpdate(tx, store.schema, actor._id)
    await store.appendIn(tx, userStream(actor._id), [newEvent(userPasswordChanged, { userId: actor._id, reason: 'reset', changePassword: false })], {
      expectedVersion: await store.currentVersion(tx, userStream(actor._id)),
      metadata: metadataOf(meta),
    })
    await storeCredentials(tx, store.schema, actor._id, hash)
  })
}
