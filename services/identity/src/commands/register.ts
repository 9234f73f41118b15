import { randomUUID } from 'node:crypto'
import { ROLE_USER, userCreated, type RegisterRequest, type VerifyEmailRequest } from '@donaciones/contracts'
import {
  DuplicateRecordError,
  forgiveAttempt,
  handleCommandIn,
  ident,
  newEvent,
  queueMessage,
  retryingTransaction,
  type AttemptLimit,
  type SqlExecutor,
} from '@donaciones/kit'
import { accountExistsMail, verificationMail } from '../mail.ts'
import { emailKey, findUserByEmail, type UserRow } from '../projections/users.ts'
import { newLinkToken, tokenHash } from '../security/link-tokens.ts'
import { hashPassword } from '../security/passwords.ts'
import { storeCredentials } from '../security/private-tables.ts'
import { reserveAttempt } from '../security/rate-limit.ts'
import { isUniqueViolation, userStream, type IdentityDeps } from './deps.ts'
import { invalidVerificationLink, userDecider } from './user-decider.ts'

/**
 * What a sign-up leads to, queued for mail in the transaction that decides it: a verification link
 * (a new account, or one that registered before and never opened its link), or, for an e-mail that
 * already belongs to a verified account, a notice to its owner. The HTTP answer is the same.
 */
export type RegistrationMail = { kind: 'verify'; user: Pick<UserRow, 'name' | 'email'>; link: string } | { kind: 'exists'; user: Pick<UserRow, 'name' | 'email'> }

async function queueRegistrationMail(deps: IdentityDeps, tx: SqlExecutor, outcome: RegistrationMail): Promise<RegistrationMail> {
  const mail =
    outcome.kind === 'verify'
      ? verificationMail(outcome.user, outcome.link, Math.round(deps.options.verificationTtlSeconds / 3600))
      : accountExistsMail(outcome.user, deps.options.publicUrl)
  await queueMessage(deps.context, tx, mail)
  return outcome
}

function limitsOf(limits: IdentityDeps['options']['registerLimits'], action: string, email: string, ip: string): AttemptLimit[] {
  return [
    { key: `${action}:email:${emailKey(email)}`, max: limits.perEmail, windowMs: limits.windowSeconds * 1000 },
    { key: `${action}:ip:${ip}`, max: limits.perIp, windowMs: limits.windowSeconds * 1000 },
  ]
}

async function issueVerificationLink(deps: IdentityDeps, tx: SqlExecutor, user: { id: string; email: string }): Promise<string> {
  const { store } = deps.context
  const token = newLinkToken()
  await tx.query(`delete from ${ident(store.schema)}.verification_tokens where expires_at < now() - interval '1 day'`)
  await tx.query(`insert into ${ident(store.schema)}.verification_tokens (token_hash, user_id, expires_at) values ($1, $2, $3)`, [
    tokenHash(token),
    user.id,
    new Date(Date.now() + deps.options.verificationTtlSeconds * 1000),
  ])
  const query = new URLSearchParams({ email: user.email, token })
  return `${deps.options.publicUrl}/verify-email?${query.toString()}`
}

/**
 * POST /auth/register: a new inactive, unverified role 2 account (events, like every user) and a
 * single-use link to verify its e-mail. Every request counts against the per-e-mail and
 * per-address limits (429 beyond them), whether the e-mail exists or not; the password is hashed
 * in both cases so the answer takes the same time.
 */
export async function register(deps: IdentityDeps, input: RegisterRequest, ip: string, correlationId: string): Promise<RegistrationMail> {
  const { store } = deps.context
  await reserveAttempt(store.db, store.schema, limitsOf(deps.options.registerLimits, 'register', input.email, ip))
  const hash = await hashPassword(input.password)
  const existingMail = async (): Promise<RegistrationMail> =>
    store.transaction(async (tx) => {
      const user = await findUserByEmail(tx, store.schema, input.email)
      if (!user) throw new Error('El correo ocupado no aparece en el modelo de lectura')
      const outcome: RegistrationMail = user.email_verified ? { kind: 'exists', user } : { kind: 'verify', user, link: await issueVerificationLink(deps, tx, user) }
      return queueRegistrationMail(deps, tx, outcome)
    })

  const id = randomUUID()
  try {
    const created = await store.transaction(async (tx) => {
      if (await findUserByEmail(tx, store.schema, input.email)) return undefined
      await store.appendIn(
        tx,
        userStream(id),
        [
          newEvent(userCreated, {
            userId: id,
            name: input.name,
            lastName: input.lastName,
            email: input.email,
            thumbnail: null,
            picture: null,
            role: ROLE_USER,
            permissions: [],
            active: false,
            changePassword: false,
            origin: 'signup',
          }),
        ],
        { expectedVersion: 0, metadata: { actor: id, correlationId } },
      )
      await storeCredentials(tx, store.schema, id, hash)
      const link = await issueVerificationLink(deps, tx, { id, email: input.email })
      return queueRegistrationMail(deps, tx, { kind: 'verify', user: { name: input.name, email: input.email }, link })
    })
    return created ?? (await existingMail())
  } catch (error) {
    // Another request registered the same e-mail at the same moment: it exists now.
    if (error instanceof DuplicateRecordError || isUniqueViolation(error)) return existingMail()
    throw error
  } finally {
    deps.context.mail.kick()
  }
}

/**
 * POST /auth/verify-email: the mailed token activates its account once, within its lifetime; every
 * other pending link of the account dies with it. Attempts count per e-mail and address (429
 * beyond the limits); a successful one takes its attempt back.
 */
export async function verifyEmail(deps: IdentityDeps, input: VerifyEmailRequest, ip: string, correlationId: string): Promise<void> {
  const { store } = deps.context
  const attemptId = await reserveAttempt(store.db, store.schema, limitsOf(deps.options.verifyLimits, 'verify', input.email, ip))
  const verifications = `${ident(store.schema)}.verification_tokens`
  await retryingTransaction(store, async (tx) => {
    const { rows } = await tx.query<{ user_id: string }>(
      `update ${verifications} set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning user_id`,
      [tokenHash(input.token)],
    )
    const userId = rows[0]?.user_id
    if (!userId) throw invalidVerificationLink()
    await handleCommandIn(store, tx, userStream(userId), userDecider, { kind: 'verify-email', email: input.email }, { metadata: { actor: userId, correlationId } })
    await tx.query(`update ${verifications} set used_at = now() where user_id = $1 and used_at is null`, [userId])
  })
  await forgiveAttempt(store.db, store.schema, attemptId)
}
