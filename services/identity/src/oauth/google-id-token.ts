import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose'
import { z } from 'zod'
import { invalidGoogleCredential, providerUnreachable } from './errors.ts'
import type { SocialProfile } from './ports.ts'
import { splitName } from './profiles.ts'
import { endpointUrl, googleIdToken } from './providers.ts'

const keySets = new Map<string, JWTVerifyGetKey>()

/** One cached key set per JWKS URL (jose refetches on an unknown kid, with a cooldown). */
function keySetFor(url: URL): JWTVerifyGetKey {
  let keys = keySets.get(url.href)
  if (!keys) {
    keys = createRemoteJWKSet(url, { timeoutDuration: 5000, cooldownDuration: 30_000 })
    keySets.set(url.href, keys)
  }
  return keys
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
})

export interface GoogleVerification {
  credential: string
  /** The configured Google client id: the only accepted audience. */
  clientId: string
  /** Base URL override (tests); undefined means Google's real JWKS and issuers. */
  base: string | undefined
}

/**
 * Verifies a Google ID token: RS256 signature against Google's JWKS, issuer, audience = our client
 * id, expiry (required). Returns the profile it vouches for; any failure is a 401.
 */
export async function verifyGoogleIdToken(input: GoogleVerification): Promise<SocialProfile> {
  const issuers = input.base ? [input.base] : googleIdToken.issuers
  try {
    const { payload } = await jwtVerify(input.credential, keySetFor(endpointUrl(googleIdToken.jwks, input.base)), {
      issuer: issuers,
      audience: input.clientId,
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      clockTolerance: 30,
    })
    const claims = claimsSchema.parse(payload)
    const verified = claims.email_verified === true || claims.email_verified === 'true'
    const split = splitName(claims.name)
    return {
      provider: 'google',
      providerId: claims.sub,
      email: claims.email && verified ? claims.email : null,
      name: claims.given_name ?? split.name,
      lastName: claims.family_name ?? split.lastName,
      picture: claims.picture ?? null,
    }
  } catch (error) {
    if (error instanceof errors.JWKSTimeout) throw providerUnreachable(error)
    throw invalidGoogleCredential(error)
  }
}
