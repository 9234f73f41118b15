import { userSignedOut } from '@donaciones/contracts'
import { forbidden, newEvent, unauthorized } from '@donaciones/kit'
import { findUserById } from '../projections/users.ts'
import { appendAnyVersion, userStream, type CommandMeta, type IdentityDeps } from './deps.ts'
import { userNotFound } from './load-user.ts'

/** PUT /auth/logout/{id}: only one's own session; bumps the session version, so the token ends everywhere. */
export async function signOut(deps: IdentityDeps, id: string, meta: CommandMeta): Promise<void> {
  const { store } = deps.context
  if (!meta.actor) throw unauthorized()
  if (meta.actor._id !== id) throw forbidden('Acceso denegado', 'Solo puede cerrar su propia sesión')
  if (!(await findUserById(store.db, store.schema, id))) throw userNotFound()
  await appendAnyVersion(store, userStream(id), [newEvent(userSignedOut, { userId: id })], { actor: id, correlationId: meta.correlationId })
}
