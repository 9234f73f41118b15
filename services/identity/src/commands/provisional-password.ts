import type { HistoricalInput } from '@donaciones/contracts'
import { handleCommandIn, queueMessage, retryingTransaction, unauthorized } from '@donaciones/kit'
import { provisionalPasswordMail } from '../mail.ts'
import { hashPassword, provisionalPassword } from '../security/passwords.ts'
import { storeCredentials } from '../security/private-tables.ts'
import { findUserById, type UserRow } from '../projections/users.ts'
import { userStream, type CommandMeta, type IdentityDeps } from './deps.ts'
import { adminChangeMetadata, refusalAmong, throwIfRefused } from './refuse-takeover.ts'
import { userDecider } from './user-decider.ts'

/**
 * A new provisional password for a user (when the creation mail never arrived): his tokens end
 * and he must change it at the next sign-in. For another administrator only
 * under the takeover rule (authorization.ts takeoverRefusal). The mail is queued with the change.
 */
export async function issueProvisionalPassword(
  deps: IdentityDeps,
  id: string,
  meta: CommandMeta & { historical: HistoricalInput },
): Promise<UserRow> {
  const { store } = deps.context
  const actor = meta.actor
  if (!actor) throw unauthorized()
  const password = provisionalPassword()
  const hash = await hashPassword(password)
  const { events } = await retryingTransaction(store, async (tx) => {
    const result = await handleCommandIn(store, tx, userStream(id), userDecider, { kind: 'provisional-password', actor }, { metadata: adminChangeMetadata(meta) })
    if (refusalAmong(result.events) || !result.state) return result
    await storeCredentials(tx, store.schema, id, hash)
    await queueMessage(deps.context, tx, provisionalPasswordMail(result.state, password, `${deps.options.publicUrl}/login`))
    return result
  })
  throwIfRefused(events)
  deps.context.mail.kick()
  const user = await findUserById(store.db, store.schema, id)
  if (!user) throw new Error('El usuario no aparece en el modelo de lectura')
  return user
}
