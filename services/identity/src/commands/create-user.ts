import { randomUUID } from 'node:crypto'
import { userCreated, type UserInput } from '@donaciones/contracts'
import { newEvent, queueMessage, unauthorized } from '@donaciones/kit'
import { provisionalPasswordMail } from '../mail.ts'
import { normalizeGrants } from '../modules.ts'
import { findUserByEmail, findUserById, type UserRow } from '../projections/users.ts'
import { hashPassword, provisionalPassword } from '../security/passwords.ts'
import { storeCredentials } from '../security/private-tables.ts'
import { assertCanGrant, assertCanManage } from './authorization.ts'
import { emailTaken, guardEmailRace, metadataOf, userStream, type CommandMeta, type IdentityDeps } from './deps.ts'


/**
 * POST /users/: an administrator creates a user of any role he may manage. The account gets a
 * provisional password (changePassword), queued for mail in the same transaction: it is never
 * stored in clear elsewhere nor returned to the administrator, and an SMTP outage cannot lose it.
 */
export async function createUser(deps: IdentityDeps, input: UserInput, meta: CommandMeta): Promise<UserRow> {
  const { store } = deps.context
  const actor = meta.actor
  if (!actor) throw unauthorized()
  assertCanManage(actor, input.role, 'create')
  const permissions = input.role === 1 ? normalizeGrants(input.permissions) : []
  assertCanGrant(actor, [], permissions)

  const password = provisionalPassword()
  const hash = await hashPassword(password)
  const id = randomUUID()
  await guardEmailRace(() =>
    store.transaction(async (tx) => {
      if (await findUserByEmail(tx, store.schema, input.email)) throw emailTaken()
      await store.appendIn(
        tx,
        userStream(id),
        [
          newEvent(userCreated, {
            userId: id,
            name: input.name,
            lastName: input.lastName,
            email: input.email,
            thumbnail: input.thumbnail ?? null,
            picture: null,
            role: input.role,
            permissions,
            active: true,
            changePassword: true,
            origin: 'admin',
          }),
        ],
        { expectedVersion: 0, metadata: metadataOf(meta) },
      )
      await storeCredentials(tx, store.schema, id, hash)
      await queueMessage(deps.context, tx, provisionalPasswordMail(input, password, `${deps.options.publicUrl}/login`))
    }),
  )
  deps.context.mail.kick()
  const user = await findUserById(store.db, store.schema, id)
  if (!user) throw new Error('El usuario creado no aparece en el modelo de lectura')
  return user
}
