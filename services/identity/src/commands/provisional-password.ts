import { userPasswordChanged, type HistoricalInput } from '@donaciones/contracts'
import { newEvent, queueMessage, unauthorized } from '@donaciones/kit'
import { provisionalPasswordMail } from '../mail.ts'
import { hashPassword, provisionalPassword } from '../security/passwords.ts'
import { storeCredentials } from '../security/private-tables.ts'
import { findUserById, type UserRow } from '../projections/users.ts'
import { assertCanManage, takeoverForbidden } from './authorization.ts'
import { metadataOf, userStream, type CommandMeta, type IdentityDeps } from './deps.ts'
import { loadUserForUpdate } from './load-user.ts'
import { recordTakeoverRefusal } from './refuse-takeover.ts'

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
  const refused = await store.transaction(async (tx): Promise<string | null> => {
    const current = await loadUserForUpdate(tx, store.schema, id)
    const refusal = await recordTakeoverRefusal(deps, tx, actor, current, 'provisional-password', meta)
    if (refusal) return refusal
    assertCanManage(actor, current.role, 'update')
    await store.appendIn(tx, userStream(id), [newEvent(userPasswordChanged, { userId: id, reason: 'provisional', changePassword: true })], {
      expectedVersion: await store.currentVersion(tx, userStream(id)),
      metadata: metadataOf(meta),
    })
    await storeCredentials(tx, store.schema, id, hash)
    await queueMessage(deps.context, tx, provisionalPasswordMail(current, password, `${deps.options.publicUrl}/login`))
    return null
  })
  if (refused) throw takeoverForbidden(refused)
  deps.context.mail.kick()
  const user = await findUserById(store.db, store.schema, id)
  if (!user) throw new Error('El usuario no aparece en el modelo de lectura')
  return user
}
