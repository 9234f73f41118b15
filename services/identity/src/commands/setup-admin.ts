import { randomUUID } from 'node:crypto'
import { userCreated } from '@donaciones/contracts'
import { handleCommandIn, ident, newEvent, retryingTransaction, type SqlExecutor } from '@donaciones/kit'
import { findUserByEmail, findUserById, type UserRow } from '../projections/users.ts'
import { hashPassword } from '../security/passwords.ts'
import { deleteSecretsOf, storeCredentials } from '../security/private-tables.ts'
import { emailTaken, guardEmailRace, userStream, type IdentityDeps } from './deps.ts'
import { userDecider } from './user-decider.ts'

export interface SetupAdminInput {
  setupId: string
  user: { name: string; lastName: string; email: string; password: string; thumbnail: string | null }
}

async function userOfSetup(db: SqlExecutor, schema: string, setupId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>(`select user_id from ${ident(schema)}.setup_admins where setup_id = $1`, [setupId])
  return rows[0]?.user_id
}

/**
 * POST /internal/setup/admin: the first administrator (role 0) of the setup wizard. Idempotent by
 * setupId: a retry finds the user it made before. An e-mail of another user is 409.
 */
export async function setupAdmin(deps: IdentityDeps, input: SetupAdminInput, correlationId: string): Promise<UserRow> {
  const { store } = deps.context
  const existing = await userOfSetup(store.db, store.schema, input.setupId)
  if (existing) {
    const user = await findUserById(store.db, store.schema, existing)
    if (user) return user
  }
  const hash = await hashPassword(input.user.password)
  const id = randomUUID()
  const made = await guardEmailRace(() =>
    store.transaction(async (tx) => {
      // Two concurrent retries: the second waits on the setup row and answers the first's user.
      const { rows } = await tx.query<{ user_id: string }>(
        `insert into ${ident(store.schema)}.setup_admins (setup_id, user_id) values ($1, $2)
         on conflict (setup_id) do update set setup_id = excluded.setup_id returning user_id`,
        [input.setupId, id],
      )
      const userId = rows[0]?.user_id ?? id
      if (userId !== id) return userId
      if (await findUserByEmail(tx, store.schema, input.user.email)) throw emailTaken()
      await store.appendIn(
        tx,
        userStream(id),
        [
          newEvent(userCreated, {
            userId: id,
            name: input.user.name,
            lastName: input.user.lastName,
            email: input.user.email,
            thumbnail: input.user.thumbnail,
            picture: null,
            role: 0,
            permissions: [],
            active: true,
            changePassword: false,
            origin: 'setup',
          }),
        ],
        { expectedVersion: 0, metadata: { actor: id, correlationId } },
      )
      await storeCredentials(tx, store.schema, id, hash)
      return id
    }),
  )
  const user = await findUserById(store.db, store.schema, made)
  if (!user) throw new Error('El administrador de la configuración inicial no aparece en el modelo de lectura')
  return user
}

/** DELETE /internal/setup/admin/{setupId}: undoes that setup's administrator (nothing to do when absent). */
export async function revertSetupAdmin(deps: IdentityDeps, setupId: string, correlationId: string): Promise<void> {
  const { store } = deps.context
  await retryingTransaction(store, async (tx) => {
    const { rows } = await tx.query<{ user_id: string }>(
      `delete from ${ident(store.schema)}.setup_admins where setup_id = $1 returning user_id`,
      [setupId],
    )
    const userId = rows[0]?.user_id
    if (!userId) return
    const { events } = await handleCommandIn(store, tx, userStream(userId), userDecider, { kind: 'revert-setup', setupId }, { metadata: { actor: null, correlationId } })
    if (events.length === 0) return
    await deleteSecretsOf(tx, store.schema, userId)
  })
}
