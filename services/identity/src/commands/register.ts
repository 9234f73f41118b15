import { randomUUID } from 'node:crypto'
import { ROLE_USER, userCreated, VERIFICATION_PASSWORD_MISMATCH, type RegisterRequest, type VerifyEmailRequest } from '@donaciones/contracts'
import {
  DuplicateRecordError,
  forgiveAttempt,
  handleCommandIn,
  ident,
  newEvent,
  queueMessage,
  retryingTransaction,
  takeAttempt,
  validationError,
  type AttemptLimit,
  type SqlExecutor,
} from '@donaciones/kit'
import { accountExistsMail, verificationMail } from '../mail.ts'
import { emailKey, findUserByEmail, type UserRow } from '../projections/users.ts'
import { newLinkToken, tokenHash } from '../security/link-tokens.ts'
import { hashPassword, verifyPassword } from '../security/passwords.ts'
import { findPendingVerification, loadCredentials, storeCredentials, storeVerificationToken, type PendingRegistration } from '../security/private-tables.ts'
import { reserveAttempt } from '../security/rate-limit.ts'
import { isUniqueViolation, userStream, type IdentityDeps } from './deps.ts'
import { invalidVerificationLink, userDecider } from './user-decider.ts'

/**
 * What a sign-up leads to, queued for mail in the transaction that decides it: a verification link
 * (a new account, or one that registered before and never opened its link), or, for an e-mail that
 * already belongs to a verified account, a notice to its owner; nothing past the e-mail's ceiling
 * of sign-up mails. The HTTP answer is the same in every case.
 */
export type RegistrationMail = { kind: 'verify'; user: Pick<UserRow, 'name' | 'email'>; link: string } | { kind: 'exists'; user: Pick<UserRow, 'name' | 'email'> } | { kind: 'none' }

async function queueRegistrationMail(deps: IdentityDeps, tx: SqlExecutor, outcome: RegistrationMail): Promise<RegistrationMail> {
  if (outcome.kind === 'none') return outcome
  const mail =
    outcome.kind === 'verify'
      ? verificationMail(outcome.user, outcome.link, Math.round(deps.options.verificationTtlSeconds / 3600))
      : accountExistsMail(outcome.user, deps.options.publicUrl)
  await queueMessage(deps.context, tx, mail)
  return outcome
}

/**
 * What refuses with a 429: attempts of one e-mail from one address, and of one address. Never an
 * e-mail from everywhere: anyone could keep its owner from signing up or verifying.
 */
function limitsOf(limits: { perEmailAndIp: number; perIp: number; windowSeconds: number }, action: string, email: string, ip: string): AttemptLimit[] {
  return [
    { key: `${action}:email-ip:${emailKey(email)}|${ip}`, max: limits.perEmailAndIp, windowMs: limits.windowSeconds * 1000 },
    { key: `${action}:ip:${ip}`, max: limits.perIp, windowMs: limits.windowSeconds * 1000 },
  ]
}

/** The key counting the sign-up mails of an e-mail, from every address. */
export const registerMailKey = (email: string) => `register:mail:${emailKey(email)}`

/** A new single-use link for `user`'s e-mail that carries `registration` (its password and name). */
async function issueVerificationLink(deps: IdentityDeps, tx: SqlExecutor, user: { id: string; email: string }, registration: PendingRegistration): Promise<string> {
  const { store } = deps.context
  const token = newLinkToken()
  await tx.query(`delete from ${ident(store.schema)}.verification_tokens where expires_at < now() - interval '1 day'`)
  await storeVerificationToken(
    tx,
    store.schema,
    { tokenHash: tokenHash(token), userId: user.id, expiresAt: new Date(Date.now() + deps.options.verificationTtlSeconds * 1000) },
    registration,
  )
  const query = new URLSearchParams({ email: user.email, token })
  return `${deps.options.publicUrl}/verify-email?${query.toString()}`
}

/**
 * POST /auth/register: a new inactive, unverified role 2 account (events, like every user) and a
 * single-use link to verify its e-mail. Every request counts against the per-(e-mail, address) and
 * per-address limits (429 beyond them), whether the e-mail exists or not; the password is hashed
 * in every case so the answer takes the same time. Past the e-mail's ceiling of sign-up mails
 * nothing is sent or changed. A registration for an e-mail whose account is still unverified mails
 * a link of its own, carrying this registration's password and name: whoever opens a link from the
 * mailbox must know the password of the registration that mailed it, and the account gets that one.
 */
export async function register(deps: IdentityDeps, input: RegisterRequest, ip: string, correlationId: string): Promise<RegistrationMail> {
  const { store } = deps.context
  await reserveAttempt(store.db, store.schema, limitsOf(deps.options.registerLimits, 'register', input.email, ip))
  const password = await hashPassword(input.password)
  const { perEmail, windowSeconds } = deps.options.registerMailLimit
  const ceiling = { key: registerMailKey(input.email), max: perEmail, windowMs: windowSeconds * 1000 }
  if (!(await takeAttempt(store.db, store.schema, { limits: [ceiling] })).allowed) return { kind: 'none' }
  const registration: PendingRegistration = { password, name: input.name, lastName: input.lastName }
  const existingMail = async (): Promise<RegistrationMail> =>
    store.transaction(async (tx) => {
      const user = await findUserByEmail(tx, store.schema, input.email)
      if (!user) throw new Error('El correo ocupado no aparece en el modelo de lectura')
      const outcome: RegistrationMail = user.email_verified
        ? { kind: 'exists', user }
        : { kind: 'verify', user: { name: input.name, email: user.email }, link: await issueVerificationLink(deps, tx, user, registration) }
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
      await storeCredentials(tx, store.schema, id, password)
      const link = await issueVerificationLink(deps, tx, { id, email: input.email }, registration)
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
 * POST /auth/verify-email: the mailed token, with the password of the registration that mailed it,
 * activates its account once, within its lifetime; the account takes that registration's password
 * and name, and every other pending link of the account dies with it. A wrong password is a 422 on
 * the password and leaves the link unused. Attempts count per (e-mail, address) and per address
 * (429 beyond the limits); a successful one takes its attempt back.
 */
export async function verifyEmail(deps: IdentityDeps, input: VerifyEmailRequest, ip: string, correlationId: string): Promise<void> {
  const { store } = deps.context
  const attemptId = await reserveAttempt(store.db, store.schema, limitsOf(deps.options.verifyLimits, 'verify', input.email, ip))
  const hashOfToken = tokenHash(input.token)
  const pending = await findPendingVerification(store.db, store.schema, hashOfToken)
  // A link mailed before links carried their registration is checked against the account's password.
  const expected = pending && (pending.registration?.password ?? (await loadCredentials(store.db, store.schema, pending.userId)))
  const valid = await verifyPassword(input.password, expected ?? undefined)
  if (!pending) throw invalidVerificationLink()
  if (!valid) throw validationError([{ path: 'password', message: VERIFICATION_PASSWORD_MISMATCH }])
  const { registration } = pending
  const verifications = `${ident(store.schema)}.verification_tokens`
  await retryingTransaction(store, async (tx) => {
    const { rows } = await tx.query<{ user_id: string }>(
      `update ${verifications} set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning user_id`,
      [hashOfToken],
    )
    const userId = rows[0]?.user_id
    if (!userId) throw invalidVerificationLink()
    const names = registration ? { name: registration.name, lastName: registration.lastName } : null
    await handleCommandIn(store, tx, userStream(userId), userDecider, { kind: 'verify-email', email: input.email, names }, { metadata: { actor: userId, correlationId } })
    if (registration) await storeCredentials(tx, store.schema, userId, registration.password)
    await tx.query(`update ${verifications} set used_at = now() where user_id = $1 and used_at is null`, [userId])
  })
  await forgiveAttempt(store.db, store.schema, attemptId)
}
