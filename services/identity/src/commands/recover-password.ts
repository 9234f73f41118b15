import type { RecoverPasswordRequest } from '@donaciones/contracts'
import { clearAttempts, clearAttemptsStartingWith, handleCommandIn, ident, queueMessage, retryingTransaction, takeAttempt } from '@donaciones/kit'
import { recoveryMail } from '../mail.ts'
import { accountFailuresKey, emailAddressKeyPrefix } from './sign-in.ts'
import { emailKey, findUserByEmail, type UserRow } from '../projections/users.ts'
import { newLinkToken, tokenHash } from '../security/link-tokens.ts'
import { hashPassword } from '../security/passwords.ts'
import { storeCredentials } from '../security/private-tables.ts'
import { userStream, type IdentityDeps } from './deps.ts'
import { invalidRecoveryLink, userDecider } from './user-decider.ts'

/**
 * POST /auth/request-recover-password, after the answer: for an active user, a random single-use
 * token (only its hash is kept) valid for one hour, recorded with its event and its mail in one
 * transaction. Unknown or inactive e-mails, and requests over the per-e-mail limit, do nothing
 * (the route has answered 200 all the same). Returns the recipient, for tests and logs.
 */
export async function requestRecovery(deps: IdentityDeps, email: string, correlationId: string): Promise<UserRow | undefined> {
  const { store } = deps.context
  const { perEmail, windowSeconds } = deps.options.recoveryMailLimit
  const limit = { key: `recover:email:${emailKey(email)}`, max: perEmail, windowMs: windowSeconds * 1000 }
  const user = await findUserByEmail(store.db, store.schema, email)
  if (!user || !user.active) return undefined
  if (!(await takeAttempt(store.db, store.schema, { limits: [limit] })).allowed) return undefined

  const token = newLinkToken()
  const expiresAt = new Date(Date.now() + deps.options.recoveryTtlSeconds * 1000)
  const query = new URLSearchParams({ email: user.email, token })
  const link = `${deps.options.publicUrl}/recover-password?${query.toString()}`
  await store.db.query(`delete from ${ident(store.schema)}.recovery_tokens where expires_at < now() - interval '1 day'`)
  await retryingTransaction(store, async (tx) => {
    await tx.query(`insert into ${ident(store.schema)}.recovery_tokens (token_hash, user_id, expires_at) values ($1, $2, $3)`, [
      tokenHash(token),
      user.id,
      expiresAt,
    ])
    await handleCommandIn(store, tx, userStream(user.id), userDecider, { kind: 'request-recovery', expiresAt: expiresAt.toISOString() }, {
      metadata: { actor: null, correlationId },
    })
    await queueMessage(deps.context, tx, recoveryMail(user, link))
  })
  deps.context.mail.kick()
  return user
}

/** POST /auth/recover-password: the link's token sets a new password once, within its hour. */
export async function recoverPassword(deps: IdentityDeps, input: RecoverPasswordRequest, correlationId: string): Promise<void> {
  const { store } = deps.context
  const hash = await hashPassword(input.password)
  await retryingTransaction(store, async (tx) => {
    const { rows } = await tx.query<{ user_id: string }>(
      `update ${ident(store.schema)}.recovery_tokens set used_at = now()
       where token_hash = $1 and used_at is null and expires_at > now() returning user_id`,
      [tokenHash(input.token)],
    )
    const userId = rows[0]?.user_id
    if (!userId) throw invalidRecoveryLink()
    await handleCommandIn(store, tx, userStream(userId), userDecider, { kind: 'recover-password', email: input.email }, {
      metadata: { actor: userId, correlationId },
    })
    // Every other pending link of the user dies with this one.
    await tx.query(`update ${ident(store.schema)}.recovery_tokens set used_at = now() where user_id = $1 and used_at is null`, [userId])
    await storeCredentials(tx, store.schema, userId, hash)
  })
  // A new password ends the e-mail's sign-in slowdown and its per-address locks.
  await clearAttempts(store.db, store.schema, accountFailuresKey(input.email))
  await clearAttemptsStartingWith(store.db, store.schema, emailAddressKeyPrefix(input.email))
}
