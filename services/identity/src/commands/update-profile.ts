import type { ProfileUpdateRequest } from '@donaciones/contracts'
import { handleCommandIn, retryingTransaction, unauthorized } from '@donaciones/kit'
import { findUserByEmail, findUserById, type UserRow } from '../projections/users.ts'
import { guardEmailRace, metadataOf, userStream, type CommandMeta, type IdentityDeps } from './deps.ts'
import { userDecider } from './user-decider.ts'

/** The signed-in user's own profile (names, e-mail, photo); role and permissions are not part of it. */
export async function updateProfile(deps: IdentityDeps, input: ProfileUpdateRequest, meta: CommandMeta): Promise<UserRow> {
  const { store } = deps.context
  const actor = meta.actor
  if (!actor) throw unauthorized()
  const id = actor._id
  await guardEmailRace(() =>
    retryingTransaction(store, async (tx) => {
      const owner = await findUserByEmail(tx, store.schema, input.email)
      const command = { kind: 'update-profile' as const, input, emailOfAnother: owner !== undefined && owner.id !== id }
      await handleCommandIn(store, tx, userStream(id), userDecider, command, { metadata: metadataOf(meta) })
    }),
  )
  const updated = await findUserById(store.db, store.schema, id)
  if (!updated) throw new Error('El usuario no aparece en el modelo de lectura')
  return updated
}
