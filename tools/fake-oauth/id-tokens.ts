import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose'
import type { FakeUser } from './types.ts'

export interface IdTokenOptions {
  /** Defaults to the Google client id registered at the fake. */
  audience?: string
  /** Defaults to the fake's Google issuer. */
  issuer?: string
  /** Seconds from now; negative gives an expired token. Default 3600. */
  expiresIn?: number
  /** Defaults to the fake's current user. */
  user?: FakeUser
  /** Sign with a key the JWKS does not publish (a forged token with the real kid). */
  forged?: boolean
}

interface KeyPair {
  kid: string
  privateKey: CryptoKey
  publicJwk: JWK
}

async function newKeyPair(kid: string): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } }
}

/** Google-style ID tokens (RS256) and the JWKS that verifies them. */
export class IdTokenSigner {
  private constructor(
    private readonly key: KeyPair,
    private readonly forgedKey: KeyPair,
  ) {}

  static async create(): Promise<IdTokenSigner> {
    return new IdTokenSigner(await newKeyPair('fake-google-1'), await newKeyPair('fake-google-1'))
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.key.publicJwk] }
  }

  async sign(defaults: { issuer: string; audience: string; user: FakeUser }, options: IdTokenOptions = {}): Promise<string> {
    const user = options.user ?? defaults.user
    const key = options.forged ? this.forgedKey : this.key
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({
      email: user.email ?? undefined,
      email_verified: user.emailVerified,
      name: `${user.givenName} ${user.familyName}`.trim(),
      given_name: user.givenName,
      family_name: user.familyName,
      picture: user.picture ?? undefined,
    })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(options.issuer ?? defaults.issuer)
      .setAudience(options.audience ?? defaults.audience)
      .setSubject(user.id)
      .setIssuedAt(now - 10)
      .setExpirationTime(now + (options.expiresIn ?? 3600))
      .sign(key.privateKey)
  }
}
