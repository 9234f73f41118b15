import type { HistoricalInput, UserInput } from '@donaciones/contracts'
import { handleCommandIn, retryingTransaction, unauthorized } from '@donaciones/kit'
import { countActiveFullAdmins, findUserByEmail, findUserById, type UserRow } from '../projections/users.ts'
import { guardEmailRace, userStream, type CommandMeta, type IdentityDeps } from './deps.ts'
import { adminChangeMetadata, throwIfRefused } from './refuse-takeover.ts'
import { userDecider } from './user-decider.ts'

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
  const { events } = await guardEmailRace(() =>
    retryingTransaction(store, async (tx) => {
      const owner = await findUserByEmail(tx, store.schema, input.email)
      const anotherActiveFullAdmin = (await countActiveFullAdmins(tx, store.schema, id)) > 0
      const command = { kind: 'update' as const, actor, input, emailOfAnother: owner !== undefined && owner.id !== id, anotherActiveFullAdmin }
      return handleCommandIn(store, tx, userStream(id), userDecider, command, { metadata: adminChangeMetadata(meta) })
    }),
  )
  throwIfRefused(events)
  const updated = await findUserById(store.db, store.schema, id)
  if (!updated) throw new Error('El usuario actualizado no aparece en el modelo de lectura')
  return updated
}
