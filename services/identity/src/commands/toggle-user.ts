import type { HistoricalInput } from '@donaciones/contracts'
import { handleCommandIn, retryingTransaction, unauthorized } from '@donaciones/kit'
import { countActiveFullAdmins, findUserById, type UserRow } from '../projections/users.ts'
import { userStream, type CommandMeta, type IdentityDeps } from './deps.ts'
import { adminChangeMetadata, throwIfRefused } from './refuse-takeover.ts'
import { userDecider } from './user-decider.ts'

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
  const { events } = await retryingTransaction(store, async (tx) => {
    const anotherActiveFullAdmin = (await countActiveFullAdmins(tx, store.schema, id)) > 0
    return handleCommandIn(store, tx, userStream(id), userDecider, { kind: 'toggle', actor, active, anotherActiveFullAdmin }, { metadata: adminChangeMetadata(meta) })
  })
  throwIfRefused(events)
  const updated = await findUserById(store.db, store.schema, id)
  if (!updated) throw new Error('El usuario no aparece en el modelo de lectura')
  return updated
}
