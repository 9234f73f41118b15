import { userActivationToggled, type HistoricalInput } from '@donaciones/contracts'
import { forbidden, newEvent, unauthorized } from '@donaciones/kit'
import { countActiveFullAdmins, findUserById, type UserRow } from '../projections/users.ts'
import { assertCanManage, takeoverForbidden } from './authorization.ts'
import { metadataOf, userStream, type CommandMeta, type IdentityDeps } from './deps.ts'
import { loadUserForUpdate } from './load-user.ts'
import { recordTakeoverRefusal } from './refuse-takeover.ts'
import { lastFullAdmin } from './update-user.ts'

/**
 * Activation toggle (spec §4); deactivation ends the user's tokens on the next request. Another
 * administrator is deactivated only under the takeover rule (authorization.ts takeoverRefusal).
 */
export async function toggleUser(
  deps: IdentityDeps,
  id: string,
  active: boolean,
  meta: CommandMeta & { historical: HistoricalInput },
): Promise<UserRow> {
  const { store } = deps.context
  const actor = meta.actor
  if (!actor) throw unauthorized()
  const refused = await store.transaction(async (tx): Promise<string | null> => {
    const current = await loadUserForUpdate(tx, store.schema, id)
    if (!active && current.active) {
      const refusal = await recordTakeoverRefusal(deps, tx, actor, current, 'deactivation', meta)
      if (refusal) return refusal
    }
    assertCanManage(actor, current.role, 'update')
    if (!active && actor._id === id) throw forbidden('Acceso denegado', 'No puede desactivar su propia cuenta')
    if (!active && current.role === 0 && current.active && (await countActiveFullAdmins(tx, store.schema, id)) === 0) {
      throw lastFullAdmin()
    }
    if (current.active === active) return null
    await store.appendIn(tx, userStream(id), [newEvent(userActivationToggled, { userId: id, active })], {
      expectedVersion: await store.currentVersion(tx, userStream(id)),
      metadata: metadataOf(meta),
    })
    return null
  })
  if (refused) throw takeoverForbidden(refused)
  const updated = await findUserById(store.db, store.schema, id)
  if (!updated) throw new Error('El usuario no aparece en el modelo de lectura')
  return updated
}
