import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose'
import { ident, type SqlExecutor } from '@donaciones/kit'

export const signingAlgorithm = 'ES256'

export interface SigningKey {
  kid: string
  privateJwk: JWK
  publicJwk: JWK
}


/** Production passes JWT_PRIVATE_JWK (an EC P-256 private JWK with a kid); otherwise a key is made once and kept. */
export async function ensureSigningKey(db: SqlExecutor, schema: string, configured: string | undefined): Promise<SigningKey> {
  if (configured) return fromConfiguredJwk(JSON.parse(configured) as JWK)
  const table = `${ident(schema)}.signing_keys`
  const existing = await db.query<{ kid: string; private_jwk: JWK; public_jwk: JWK }>(`select kid, private_jwk, public_jwk from ${table} order by created_at desc limit 1`)
  const row = existing.rows[0]
  if (row) return { kid: row.kid, privateJwk: row.private_jwk, publicJwk: row.public_jwk }
  const { privateKey, publicKey } = await generateKeyPair(signingAlgorithm, { extractable: true })
  const kid = crypto.randomUUID()
  const key: SigningKey = {
    kid,
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: signingAlgorithm },
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: signingAlgorithm, use: 'sig' },
  }
  await db.query(`insert into ${table} (kid, private_jwk, public_jwk) values ($1, $2::jsonb, $3::jsonb) on conflict (kid) do nothing`, [
    kid,
    JSON.stringify(key.privateJwk),
    JSON.stringify(key.publicJwk),
  ])
  return key
}

async function fromConfiguredJwk(jwk: JWK): Promise<SigningKey> {
  await importJWK(jwk, signingAlgorithm)
  const { d: _secret, ...publicPart } = jwk
  const kid = jwk.kid ?? 'configurada'
  return { kid, privateJwk: { ...jwk, kid }, publicJwk: { ...publicPart, kid, alg: signingAlgorithm, use: 'sig' } }
}
