import { createHash, randomBytes } from 'node:crypto'

/** An unguessable URL-safe value (state, PKCE verifier, hand-off key). 32 bytes → 43 characters. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** RFC 7636 S256 challenge of a PKCE verifier. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url')
}

/** What is stored instead of a bearer value. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}
