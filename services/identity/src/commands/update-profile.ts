import { userProfileUpdated, type ProfileUpdateRequest } from '@donaciones/contracts'
import { newEvent, unauthorized } from '@donaciones/kit'
import { findUserByEmail, findUserById, type UserRow } from '../projections/users.ts'
import { emailTaken, guardEmailRace, metadataOf, userStream, type CommandMeta, type IdentityDeps } from './deps.ts'
import { loadUserForUpdate } from './load-user.ts'

/** The signed-in user's own profile (names, e-mail, photo); role and permissions are not part of it. */
export async function updateProfile(deps: IdentityDeps, input: ProfileUpdateRequest, meta: CommandMeta): Promise<UserRow> {
  const { store } = deps.context
  const actor = meta.actor
  if (!actor) throw unauthorized()
  const id = actor._id
  await guardEmailRace(() =>
    store.transaction(async (tx) => {
      await loadUserForUpdate(tx, store.schema, id)
      const owner = await findUserByEmail(tx, store.schema, input.email)
      if (owner && owner.id !== id) throw emailTaken()
      await store.appendIn(
        tx,
        userStream(id),
        [newEvent(userProfileUpdated, { userId: id, name: input.name, lastName: input.lastName, email: input.email, thumbnail: input.thumbnail })],
        { expectedVersion: await store.currentVersion(tx, userStream(id)), metadata: metadataOf(meta) },
      )
    }),
  )
  const updated = await findUserById(store.db, store.schema, id)
  if (!updated) throw new Error('El usuario no aparece en el modelo de lectura')
  return updated
}
