import { importJWK, SignJWT } from 'jose'
import type { ServiceContext } from '@donaciones/kit'
import { toAuthUser, type UserRow } from './projections/users.ts'
import { ensureSigningKey, signingAlgorithm, type SigningKey } from './signing-keys.ts'

const keys = new WeakMap<ServiceContext['store'], Promise<SigningKey>>()

/** The service's signing key, loaded (or made) once per store. */
export function signingKeyOf(context: Pick<ServiceContext, 'db' | 'store' | 'settings'>): Promise<SigningKey> {
  let key = keys.get(context.store)
  if (!key) {
    key = ensureSigningKey(context.db, context.store.schema, context.settings.JWT_PRIVATE_JWK)
    key.catch(() => keys.delete(context.store))
    keys.set(context.store, key)
  }
  return key
}

/**
 * A session token for the user as the read model has it now: every auth-user field of spec §3,
 * `sub` (= _id), `sv` (session version: a later bump ends this token everywhere) and `exp`.
 */
export async function issueToken(context: Pick<ServiceContext, 'db' | 'store' | 'settings'>, user: UserRow, ttlSeconds: number): Promise<string> {
  const key = await signingKeyOf(context)
  const privateKey = await importJWK(key.privateJwk, signingAlgorithm)
  return new SignJWT({ ...toAuthUser(user), sv: user.session_version })
    .setProtectedHeader({ alg: signingAlgorithm, kid: key.kid, typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(privateKey)
}
