import {
  userPermissionsChanged,
  userRoleChanged,
  userUpdated,
  type HistoricalInput,
  type UserInput,
} from '@donaciones/contracts'
import { forbidden, newEvent, unauthorized, unprocessable, type NewEvent } from '@donaciones/kit'
import { normalizeGrants } from '../modules.ts'
import { countActiveFullAdmins, emailKey, findUserByEmail, findUserById, type UserRow } from '../projections/users.ts'
import { addsPermissions, assertCanGrant, assertCanManage, takeoverForbidden } from './authorization.ts'
import { emailTaken, guardEmailRace, metadataOf, userStream, type CommandMeta, type IdentityDeps } from './deps.ts'
import { loadUserForUpdate } from './load-user.ts'
import { recordTakeoverRefusal } from './refuse-takeover.ts'

export const lastFullAdmin = () =>
  unprocessable('Operación no permitida', 'Debe existir al menos un administrador total activo')

/**
 * PUT /users/{id} {payload, historical}: details, role and permissions. A role or permission
 * change bumps the session version (the user's tokens end). Nobody raises his own role or
 * permissions, and a role 1 administrator never touches role 0 users. Another administrator's
 * e-mail changes only under the takeover rule (authorization.ts takeoverRefusal).
 */
export async function updateUser(
  deps: IdentityDeps,
  id: string,
  input: UserInput,
  meta: CommandMeta & { historical: HistoricalInput },
): Promise<UserRow> {
  const { store } = deps.context
  const actor = meta.actor
  if (!actor) throw unauthorized()
  const refused = await guardEmailRace(() =>
    store.transaction(async (tx): Promise<string | null> => {
      const current = await loadUserForUpdate(tx, store.schema, id)
      if (emailKey(input.email) !== emailKey(current.email)) {
        const refusal = await recordTakeoverRefusal(deps, tx, actor, current, 'email', meta)
        if (refusal) return refusal
      }
      assertCanManage(actor, current.role, 'update')
      if (input.role !== current.role) assertCanManage(actor, input.role, 'update')
      const permissions = input.role === 1 ? normalizeGrants(input.permissions) : []
      assertCanGrant(actor, current.permissions, permissions)
      if (actor._id === id && (input.role < current.role || addsPermissions(current.permissions, permissions))) {
        throw forbidden('Acceso denegado', 'No puede aumentar sus propios privilegios')
      }
      if (current.role === 0 && input.role !== 0 && current.active && (await countActiveFullAdmins(tx, store.schema, id)) === 0) {
        throw lastFullAdmin()
      }
      const owner = await findUserByEmail(tx, store.schema, input.email)
      if (owner && owner.id !== id) throw emailTaken()

      const events: NewEvent[] = [
        newEvent(userUpdated, {
          userId: id,
          name: input.name,
          lastName: input.lastName,
          email: input.email,
          thumbnail: input.thumbnail ?? current.thumbnail,
          picture: current.picture,
        }),
      ]
      if (input.role !== current.role) events.push(newEvent(userRoleChanged, { userId: id, previousRole: current.role, role: input.role }))
      if (JSON.stringify(permissions) !== JSON.stringify(normalizeGrants(current.permissions))) {
        events.push(newEvent(userPermissionsChanged, { userId: id, permissions }))
      }
      await store.appendIn(tx, userStream(id), events, {
        expectedVersion: await store.currentVersion(tx, userStream(id)),
        metadata: metadataOf(meta),
      })
      return null
    }),
  )
  if (refused) throw takeoverForbidden(refused)
  const updated = await findUserById(store.db, store.schema, id)
  if (!updated) throw new Error('El usuario actualizado no aparece en el modelo de lectura')
  return updated
}
